import { describe, expect, it } from 'vitest';
import type { DigestContent } from '../src/digest-content.ts';
import {
  type DigestParts,
  digestLayout,
  digestLinks,
  digestPreview,
  personalizeDigest,
  renderDigestTemplate,
  sitePrefix,
  topicSectionMjml,
} from '../src/digest.template.ts';
import { renderLayout } from '../src/email-layout.ts';
import escapeHtml from 'escape-html';

// Headlines, source names and source URLs come from feeds: whatever they hold must stay text inside
// the email, and a quote must not end the href it is placed in.
const HOSTILE_URL = `https://example.com/a"onmouseover="alert(1)'b`;

function contentWith(summary: {
  headline: string;
  sourceUrl: string | null;
  sourceName: string | null;
  sources?: { name: string; url: string | null }[];
}) {
  return {
    language: 'en',
    date: '2026-11-20',
    summaryCount: 1,
    topics: [
      {
        id: '4f1c2b8e-0000-4000-8000-000000000001',
        name: 'AI "Agents" & <Tools>',
        summaries: [
          { id: 's1', excerpt: 'An excerpt with "quotes" and <b>tags</b>.', sources: [], ...summary },
        ],
      },
    ],
  } satisfies DigestContent;
}

describe('the digest template', () => {
  it('escapes quotes in the href of an original link, so a feed cannot add attributes', async () => {
    const email = await renderDigestTemplate(
      contentWith({ headline: 'Headline', sourceUrl: HOSTILE_URL, sourceName: `O'Reilly "Radar"` }),
      'https://app.test',
    );
    expect(email.html).toContain('href="https://example.com/a&quot;onmouseover=&quot;alert(1)&#39;b"');
    expect(email.html).not.toMatch(/onmouseover="/);
    expect(email.html).toContain('O&#39;Reilly &quot;Radar&quot;');
  });

  it('escapes the outlets of a story, and links only their web URLs', async () => {
    const email = await renderDigestTemplate(
      contentWith({
        headline: 'Headline',
        sourceUrl: null,
        sourceName: null,
        sources: [
          { name: '<b>Wire</b>', url: HOSTILE_URL },
          { name: 'Script', url: 'javascript:alert(1)' },
        ],
      }),
      'https://app.test',
    );
    expect(email.html).toContain('Covered by: <a href="https://example.com/a&quot;onmouseover=');
    expect(email.html).toContain('&lt;b&gt;Wire&lt;/b&gt;</a>, Script</div>');
    expect(email.html).not.toMatch(/onmouseover="|javascript:/);
  });

  it('keeps markup in headlines, excerpts and topic names as text', async () => {
    const email = await renderDigestTemplate(
      contentWith({ headline: '<img src=x onerror=alert(1)>', sourceUrl: null, sourceName: null }),
      'https://app.test',
    );
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('AI &quot;Agents&quot; &amp; &lt;Tools&gt;');
    expect(email.html).toContain('&lt;b&gt;tags&lt;/b&gt;');
  });

  it('names a keyword source by its English label in an English digest, by its stored name in Chinese', async () => {
    const single = contentWith({
      headline: 'Headline',
      sourceUrl: 'https://x.com/a/status/1',
      sourceName: 'system design 相关推文',
    });
    const english = await renderDigestTemplate(single, 'https://app.test');
    expect(english.html).toContain('Original (Tweets about system design)</a>');
    const covered = contentWith({
      headline: 'Headline',
      sourceUrl: null,
      sourceName: null,
      sources: [
        { name: 'system design 相关推文', url: 'https://x.com/a/status/1' },
        { name: 'Wire', url: null },
      ],
    });
    const englishCovered = await renderDigestTemplate(covered, 'https://app.test');
    expect(englishCovered.html).toContain('>Tweets about system design</a>, Wire</div>');
    expect(englishCovered.text).toContain('  - Tweets about system design: https://x.com/a/status/1');
    for (const email of [english, englishCovered])
      expect(`${email.html}${email.text}`).not.toContain('相关推文');

    const chinese = await renderDigestTemplate({ ...covered, language: 'zh' }, 'https://app.test');
    expect(chinese.html).toContain('>system design 相关推文</a> · Wire</div>');
  });

  it('fills in each recipient’s links, escaped in the HTML and plain in the text', async () => {
    const template = await renderDigestTemplate(
      contentWith({ headline: 'Headline', sourceUrl: 'https://example.com/post', sourceName: null }),
      'https://app.test',
    );
    const links = digestLinks('https://app.test', 'en', 'id.sig', '2026-11-20');
    const email = personalizeDigest(template, links, 'UTC');
    expect(email.html).toContain('href="https://app.test/unsubscribe?token=id.sig&amp;action=view"');
    expect(email.text).toContain('https://app.test/unsubscribe?token=id.sig&action=view');
    expect(email.html).not.toContain('%%DC_');
  });

  it('puts a digest together from shared parts into the very HTML MJML renders for the whole', async () => {
    const topic = (n: number, sources: { name: string; url: string | null }[][]) => ({
      id: `4f1c2b8e-0000-4000-8000-00000000000${n}`,
      name: `Topic ${n} <&> 主题`,
      summaries: sources.map((outlets, i) => ({
        id: `s${n}-${i}`,
        headline: `Headline ${n}.${i} "quoted" 标题`,
        excerpt: `Excerpt ${n}.${i} with <b>markup</b> and 中文.`,
        sourceUrl: outlets.length === 1 ? outlets[0]!.url : null,
        sourceName: outlets.length === 1 ? outlets[0]!.name : null,
        sources: outlets,
      })),
    });
    const wire = { name: 'Wire', url: 'https://wire.example/a' };
    const blog = { name: 'Blog', url: null };
    const topics = [topic(1, [[wire], [wire, blog]]), topic(2, [[blog]]), topic(3, [[wire], [blog], [wire]])];
    const parts: DigestParts = new Map();
    for (const language of ['en', 'zh'] as const) {
      // Two digests sharing sections, in both orders of one frame, as a tick's cache makes them.
      for (const chosen of [topics, [topics[2]!, topics[0]!]]) {
        const content = {
          language,
          date: '2026-11-20',
          summaryCount: chosen.reduce((sum, t) => sum + t.summaries.length, 0),
          topics: chosen,
        } satisfies DigestContent;
        const site = sitePrefix('https://app.test', language);
        const whole = await renderLayout(
          digestLayout(
            language,
            content.date,
            chosen.map((t) => topicSectionMjml(t, language, site)).join(''),
            digestPreview(language, content.summaryCount),
          ),
        );
        const assembled = await renderDigestTemplate(content, 'https://app.test', parts);
        expect(assembled.html).toBe(whole);
        expect(assembled.html).toContain(escapeHtml(digestPreview(language, content.summaryCount)));
      }
    }
    // One frame per language and one section per language and topic.
    expect(parts.size).toBe(2 + 2 * topics.length);
  });
});
