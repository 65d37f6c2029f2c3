import { SUMMARY_EXCERPT_MAX } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { SummaryRow } from '../src/modules/summaries/summaries.sql.ts';
import { toFullSummaryDto, toSummaryDto } from '../src/modules/summaries/summary.mapper.ts';

const row = (r: Pick<SummaryRow, 'headline' | 'language' | 'content'>): SummaryRow => ({
  id: '00000000-0000-4000-8000-000000000000',
  summary_type: 'blog_post',
  created_at: new Date('2026-01-02T03:04:05Z'),
  source_urls: [],
  metadata: null,
  topic_id: null,
  topic_name: null,
  topic_name_zh: null,
  ds_id: null,
  ds_source_name: null,
  ds_platform: null,
  ds_source_url: null,
  story_id: null,
  story_size: null,
  ...r,
});

describe('a summary as the lists send it', () => {
  it('carries a card excerpt read as sentences, in the summary’s language', () => {
    const en = toFullSummaryDto(
      row({
        headline: 'Agents ship',
        language: 'EN',
        content: '## Agents ship\n\n### Key points\n- **What changed**: a new API\n- *Why*: fewer loops',
      }),
    );
    expect(en.excerpt).toBe('Key points: What changed: a new API; Why: fewer loops');
    const zh = toFullSummaryDto(
      row({ headline: '', language: 'ZH', content: '### 要点\n- **发布内容**：新的 API\n- 价格不变' }),
    );
    expect(zh.excerpt).toBe('要点：发布内容：新的 API；价格不变');
    const long = toFullSummaryDto(row({ headline: '', language: 'EN', content: `- ${'word '.repeat(60)}` }));
    expect([...long.excerpt].length).toBeLessThanOrEqual(SUMMARY_EXCERPT_MAX);
    expect(long.excerpt).toMatch(/ word…$/);
  });

  it('reads an edited summary’s excerpt anew', () => {
    const before = toFullSummaryDto(row({ headline: 'Same', language: 'EN', content: '- First\n- Second' }));
    expect(before.excerpt).toBe('First; Second');
    expect(
      toFullSummaryDto(row({ headline: 'Same', language: 'EN', content: '- First\n- Second' })).excerpt,
    ).toBe('First; Second');
    const after = toFullSummaryDto(row({ headline: 'Same', language: 'ZH', content: '- 第一\n- 第二' }));
    expect(after.excerpt).toBe('第一；第二');
  });
});

describe('a summary’s content as page HTML', () => {
  const hostile = [
    '## What shipped',
    '',
    '- **Agents**: a new API',
    '- *Pricing*: unchanged',
    '',
    '1. First',
    '2. Second',
    '',
    "<script>window.__xss='script'</script>",
    '',
    `<img src=x onerror="window.__xss='raw'">`,
    '',
    "[click me](javascript:window.__xss='md') and [data](data:text/html;base64,PHNjcmlwdD4=)",
    '',
    '![pixel](javascript:alert(1)) ![inline](data:image/svg+xml;base64,PHN2Zz4=)',
    '',
    '[the post](https://example.com/post "Read it")',
    '',
    '| a | b |',
    '|---|---|',
    '| 1 | 2 |',
  ].join('\n');

  it('renders the markdown with links that open in a new tab, and nothing that runs', () => {
    const html = toFullSummaryDto(
      row({ headline: 'Agents ship', language: 'EN', content: hostile }),
    ).content_html;
    // Under the page's own headings: a summary's top heading is an h4.
    expect(html).toContain('<h4>What shipped</h4>');
    expect(html).toContain('<li><strong>Agents</strong>: a new API</li>');
    expect(html).toMatch(/<ol>\s*<li>First<\/li>\s*<li>Second<\/li>\s*<\/ol>/);
    expect(html).toMatch(/<table>[\s\S]*<th>a<\/th>[\s\S]*<td>2<\/td>/);
    expect(html).toContain(
      '<a href="https://example.com/post" title="Read it" target="_blank" rel="noopener noreferrer">the post</a>',
    );
    // Written HTML shows as its text; no element, handler or script URL comes through.
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/<script|<img src="?x|<[^>]*\son\w+=|javascript:|data:/i);
    for (const link of html.match(/<a\b[^>]*>/g) ?? []) {
      expect(link).toContain('target="_blank"');
      expect(link).toContain('rel="noopener noreferrer"');
    }
    expect(html).not.toContain('<img');
  });

  it('keeps http(s) images, sending no referrer', () => {
    const html = toFullSummaryDto(
      row({ headline: '', language: 'EN', content: '![chart](https://img.example/chart.png)' }),
    ).content_html;
    expect(html).toBe(
      '<p><img src="https://img.example/chart.png" alt="chart" loading="lazy" referrerpolicy="no-referrer" /></p>\n',
    );
  });

  it('is rendered anew when the content changes, and kept while it does not', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const first = toFullSummaryDto({ ...row({ headline: 'Same', language: 'EN', content: '# One' }), id });
    expect(first.content_html).toBe('<h4>One</h4>\n');
    const again = toFullSummaryDto({ ...row({ headline: 'Same', language: 'EN', content: '# One' }), id });
    expect(again.content_html).toBe(first.content_html);
    const edited = toFullSummaryDto({
      ...row({ headline: 'Same', language: 'EN', content: '# Two\n\n<b onclick="x()">b</b>' }),
      id,
    });
    expect(edited.content_html).toBe('<h4>Two</h4>\n<p>&lt;b onclick="x()"&gt;b&lt;/b&gt;</p>\n');
    expect(edited.excerpt).not.toBe(first.excerpt);
  });

  it('is left out of a card (a list without fields=full): the card shows the headline and excerpt', () => {
    const card = toSummaryDto(row({ headline: 'Agents ship', language: 'EN', content: hostile }));
    expect(card).not.toHaveProperty('content');
    expect(card).not.toHaveProperty('content_html');
    expect(card.excerpt.length).toBeGreaterThan(10);
  });
});
