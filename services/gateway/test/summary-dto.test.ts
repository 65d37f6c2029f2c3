import { SUMMARY_EXCERPT_MAX } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { type SummaryRow, toSummaryDto } from '../src/repositories/summaries.sql.ts';

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
    const en = toSummaryDto(
      row({
        headline: 'Agents ship',
        language: 'EN',
        content: '## Agents ship\n\n### Key points\n- **What changed**: a new API\n- *Why*: fewer loops',
      }),
    );
    expect(en.excerpt).toBe('Key points: What changed: a new API; Why: fewer loops');
    const zh = toSummaryDto(
      row({ headline: '', language: 'ZH', content: '### 要点\n- **发布内容**：新的 API\n- 价格不变' }),
    );
    expect(zh.excerpt).toBe('要点：发布内容：新的 API；价格不变');
    const long = toSummaryDto(row({ headline: '', language: 'EN', content: `- ${'word '.repeat(60)}` }));
    expect([...long.excerpt].length).toBeLessThanOrEqual(SUMMARY_EXCERPT_MAX);
    expect(long.excerpt).toMatch(/ word…$/);
  });

  it('reads an edited summary’s excerpt anew', () => {
    const before = toSummaryDto(row({ headline: 'Same', language: 'EN', content: '- First\n- Second' }));
    expect(before.excerpt).toBe('First; Second');
    expect(
      toSummaryDto(row({ headline: 'Same', language: 'EN', content: '- First\n- Second' })).excerpt,
    ).toBe('First; Second');
    const after = toSummaryDto(row({ headline: 'Same', language: 'ZH', content: '- 第一\n- 第二' }));
    expect(after.excerpt).toBe('第一；第二');
  });
});
