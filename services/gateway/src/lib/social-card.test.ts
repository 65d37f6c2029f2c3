import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fixturesDir } from '@app/testing';
import { XMLParser } from 'fast-xml-parser';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { clip, facesFor, renderSocialCard, type SocialCard } from './social-card.ts';

/** The item titles of a real feed document (UTF-8). */
function titlesOf(file: string): string[] {
  const xml = new XMLParser({ ignoreAttributes: true }).parse(
    readFileSync(path.join(fixturesDir(), file), 'utf8'),
  );
  const entries = xml.feed?.entry ?? xml.rss?.channel?.item ?? [];
  return (Array.isArray(entries) ? entries : [entries]).map((entry: { title: unknown }) =>
    String(entry.title),
  );
}

const card = (title: string): SocialCard => ({
  language: 'zh',
  kicker: '主题',
  title,
  description: '',
  site: '每日精选',
  host: 'example.com',
});

describe('social card fonts', () => {
  it('draws every Han, Latin, Greek and Cyrillic letter of real feed titles', async () => {
    const titles = [
      ...titlesOf('atom-zh-blog-ruanyifeng.xml'),
      ...titlesOf('atom-zh-v2ex.xml'),
      ...titlesOf('rss2-zh-meituan-tech.xml'),
      'Café naïve — Ελληνικά, Русский, Tiếng Việt',
    ];
    expect(titles.length).toBeGreaterThan(30);
    const { texts, faces } = await facesFor(titles);
    const letters = /[\p{Script=Han}\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}]/gu;
    for (const [index, title] of titles.entries())
      expect(texts[index]!.match(letters), title).toEqual(title.match(letters));
    // Only the slices these titles use are loaded, not the whole CJK font.
    expect(faces.length).toBeLessThan(60);
  });

  it('leaves out what no font draws (an emoji, another script) rather than drawing boxes', async () => {
    const { texts } = await facesFor(['Launch 🚀 שלום day']);
    expect(texts[0]).toBe('Launch   day');
  });

  it('clips long words to whole characters, with an ellipsis', () => {
    expect(clip('  short\n title ', 20)).toBe('short title');
    expect(clip('一二三四五六七八九十', 5)).toBe('一二三四…');
    // A flag is one character of two code points: never cut in half.
    expect(clip('ab🇨🇳cd', 4)).toBe('ab🇨🇳…');
  });
});

describe('a social card', () => {
  it('is a 1200×630 PNG whose Chinese title is drawn in glyphs, not in the same empty boxes', async () => {
    const [two, four] = await Promise.all([
      renderSocialCard(card('两种语言')),
      renderSocialCard(card('四种语言')),
    ]);
    const a = PNG.sync.read(two);
    const b = PNG.sync.read(four);
    expect([a.width, a.height]).toEqual([1200, 630]);
    // One character differs: a font that had no glyph for either would draw them alike.
    let different = 0;
    for (let i = 0; i < a.data.length; i += 4)
      if (a.data.readUInt32BE(i) !== b.data.readUInt32BE(i)) different += 1;
    expect(different).toBeGreaterThan(500);
    // The same words, the same picture.
    expect((await renderSocialCard(card('两种语言'))).equals(two)).toBe(true);
  });
});
