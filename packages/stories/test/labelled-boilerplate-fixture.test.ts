import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The shape of the boilerplate-heavy labelled set (scripts/build-boilerplate-fixture.ts), not how
// well stories are clustered on it: counts, labels, footers, languages and the spread in time.

type LabelledItem = {
  id: string;
  event: string;
  language: 'EN' | 'ZH';
  kind: string;
  source: string;
  headline: string;
  text: string;
  eventAt: string;
};

const { items } = JSON.parse(
  readFileSync(new URL('./fixtures/labelled-boilerplate.json', import.meta.url), 'utf8'),
) as { items: LabelledItem[] };

const HOUR = 3600_000;
const at = (item: LabelledItem) => Date.parse(item.eventAt);
const byEvent = new Map<string, LabelledItem[]>();
for (const item of items) byEvent.set(item.event, [...(byEvent.get(item.event) ?? []), item]);
const multi = [...byEvent.values()].filter((reports) => reports.length >= 2);
/** Items that are their own event and not a bad input: the background the events sit in. */
const unrelated = items.filter((item) => byEvent.get(item.event)!.length === 1 && item.kind !== 'bad-input');
const newsletters = [...new Set(items.map((item) => item.source))].filter((source) =>
  source.endsWith(' Newsletter'),
);
const han = /\p{Script=Han}/u;

/** The longest text every item of the outlet ends with, from a line start. */
function commonFooter(texts: string[]): string {
  let suffix = texts[0]!;
  for (const text of texts) {
    let n = 0;
    while (n < suffix.length && n < text.length && suffix.at(-1 - n) === text.at(-1 - n)) n++;
    suffix = suffix.slice(suffix.length - n);
  }
  const lineStart = suffix.indexOf('\n');
  return texts.some((text) => text === suffix) || lineStart < 0 ? suffix : suffix.slice(lineStart + 1);
}

describe('labelled-boilerplate.json', () => {
  it('has the item shape of labelled-stories.json, unique ids, sorted by eventAt', () => {
    const keys = ['event', 'eventAt', 'headline', 'id', 'kind', 'language', 'source', 'text'];
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(keys);
      for (const key of keys) expect(typeof item[key as keyof LabelledItem]).toBe('string');
      expect(['EN', 'ZH']).toContain(item.language);
      expect(new Date(item.eventAt).toISOString()).toBe(item.eventAt);
    }
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    for (let i = 1; i < items.length; i++) expect(at(items[i]!)).toBeGreaterThanOrEqual(at(items[i - 1]!));
  });

  it('has 40–60 multi-report events of 2–6 reports among 250–400 unrelated items', () => {
    expect(multi.length).toBeGreaterThanOrEqual(40);
    expect(multi.length).toBeLessThanOrEqual(60);
    for (const reports of multi) {
      expect(reports.length).toBeGreaterThanOrEqual(2);
      expect(reports.length).toBeLessThanOrEqual(6);
    }
    expect(unrelated.length).toBeGreaterThanOrEqual(250);
    expect(unrelated.length).toBeLessThanOrEqual(400);
  });

  it('gives every multi-report event two outlets or a same-outlet update, all within 60 h', () => {
    // Real feed items that tell one event (scripts/feed-events.ts) keep the feed's own times.
    for (const reports of multi.filter((reports) => reports[0]!.kind !== 'feed')) {
      const sources = new Set(reports.map((item) => item.source));
      const label = reports[0]!.event;
      expect(sources.size >= 2 || reports.some((item) => item.kind === 'update'), label).toBe(true);
      const times = reports.map(at);
      expect(Math.max(...times) - Math.min(...times), label).toBeLessThanOrEqual(60 * HOUR);
    }
  });

  it('has the hard positives and hard negatives', () => {
    const kinds = new Set(items.map((item) => item.kind));
    for (const kind of ['event', 'feed', 'hard-negative', 'bad-input', 'update', 'take', 'headline-only'])
      expect(kinds, kind).toContain(kind);
    // Hard positives belong to an event with other reports; an update is from an outlet that
    // already reported the event.
    for (const item of items.filter((i) => ['update', 'take', 'headline-only'].includes(i.kind))) {
      const reports = byEvent.get(item.event)!;
      expect(reports.length, item.id).toBeGreaterThanOrEqual(2);
      if (item.kind === 'update')
        expect(
          reports.some((other) => other !== item && other.source === item.source && at(other) < at(item)),
        ).toBe(true);
      if (item.kind === 'headline-only') expect(item.text).toBe('');
    }
    // Families of different events that share vocabulary, and numbered items of one outlet.
    const hardNegativeEvents = [...byEvent.values()].filter((reports) =>
      reports.some((item) => item.kind === 'hard-negative'),
    );
    expect(hardNegativeEvents.filter((reports) => reports.length >= 2).length).toBeGreaterThanOrEqual(10);
    expect(hardNegativeEvents.filter((reports) => reports.length === 1).length).toBeGreaterThanOrEqual(10);
  });

  it('has bad inputs, each its own event except exact copies from two outlets', () => {
    const bad = items.filter((item) => item.kind === 'bad-input');
    expect(bad.some((item) => item.headline.trim() === '')).toBe(true);
    expect(new Set(bad.filter((item) => item.headline === 'Update').map((item) => item.event)).size).toBe(2);
    expect(bad.some((item) => item.headline === '更新')).toBe(true);
    expect(bad.some((item) => item.text === '' && item.headline.trim() !== '')).toBe(true);
    expect(
      bad.some((item) => item.language === 'EN' && han.test(item.headline) && !han.test(item.text)),
    ).toBe(true);
    const copies = [...byEvent.values()].filter(
      (reports) => reports.length >= 2 && reports.every((item) => item.kind === 'bad-input'),
    );
    expect(copies.length).toBeGreaterThanOrEqual(2);
    for (const [a, b] of copies) {
      expect(b!.headline).toBe(a!.headline);
      expect(b!.text).toBe(a!.text);
      expect(b!.source).not.toBe(a!.source);
    }
    for (const item of bad.filter((i) => !copies.some((reports) => reports.includes(i))))
      expect(byEvent.get(item.event)!.length, item.id).toBe(1);
  });

  it('puts every summary into the shared template', () => {
    const footers = newsletters.map((source) =>
      commonFooter(items.filter((item) => item.source === source).map((item) => item.text)),
    );
    for (const item of items) {
      const body = footers.reduce(
        (text, footer) => (text.endsWith(footer) ? text.slice(0, -footer.length) : text),
        item.text,
      );
      if (body.trim() === '') continue;
      if (item.language === 'EN') {
        expect(body, item.id).toContain('\n\n**Key points**\n\n- What changed: ');
        expect(body, item.id).toContain('\n- Why it matters: ');
        expect(body, item.id).toMatch(/\n- (Try it|What’s next): /);
      } else {
        expect(body, item.id).toContain('\n\n**要点**\n\n- 有何变化：');
        expect(body, item.id).toContain('\n- 为何重要：');
        expect(body, item.id).toMatch(/\n- (如何上手|下一步)：/);
      }
    }
    expect(items.filter((item) => item.text.startsWith('## ')).length).toBeGreaterThan(items.length * 0.9);
  });

  it('ends every item of the newsletter outlets with the same long footer', () => {
    expect(newsletters.length).toBeGreaterThanOrEqual(2);
    const languages = new Set<string>();
    for (const source of newsletters) {
      const own = items.filter((item) => item.source === source);
      expect(own.length, source).toBeGreaterThanOrEqual(20);
      const footer = commonFooter(own.map((item) => item.text));
      for (const item of own) expect(item.text.endsWith(footer)).toBe(true);
      const language = own[0]!.language;
      languages.add(language);
      if (language === 'EN') {
        const words = footer.split(/\s+/).filter((word) => /\w/.test(word)).length;
        expect(words, source).toBeGreaterThanOrEqual(80);
        expect(words, source).toBeLessThanOrEqual(150);
        for (const phrase of [
          'Thanks for reading',
          'forward this to a friend',
          'Sponsored by',
          'Unsubscribe',
        ])
          expect(footer).toContain(phrase);
      } else {
        expect(footer.length, source).toBeGreaterThanOrEqual(200);
        for (const phrase of ['感谢阅读', '转发', '赞助', '退订']) expect(footer).toContain(phrase);
      }
    }
    expect([...languages].sort()).toEqual(['EN', 'ZH']);
  });

  it('has outlets whose names carry suffixes', () => {
    const sources = new Set(items.map((item) => item.source));
    for (const suffix of [' Weekly', ' Newsletter', ' 相关推文'])
      expect(
        [...sources].some((source) => source.endsWith(suffix)),
        suffix,
      ).toBe(true);
  });

  it('is in both languages, with events told across them', () => {
    const zh = items.filter((item) => item.language === 'ZH').length;
    expect(zh / items.length).toBeGreaterThanOrEqual(0.25);
    expect((items.length - zh) / items.length).toBeGreaterThanOrEqual(0.25);
    const languagesOf = (reports: LabelledItem[]) => new Set(reports.map((item) => item.language));
    expect(multi.filter((reports) => languagesOf(reports).size === 2).length).toBeGreaterThanOrEqual(10);
    expect(
      multi.filter((reports) => [...languagesOf(reports)].join() === 'ZH').length,
    ).toBeGreaterThanOrEqual(10);
  });

  it('spreads over about ten days, with 100+ unrelated items in every 72 h window', () => {
    const first = at(items[0]!);
    const last = at(items.at(-1)!);
    expect(last - first).toBeGreaterThanOrEqual(9 * 24 * HOUR);
    expect(last - first).toBeLessThanOrEqual(11 * 24 * HOUR);
    const times = unrelated.map(at);
    for (let start = first; start + 72 * HOUR <= last; start += HOUR) {
      const inWindow = times.filter((t) => t >= start && t < start + 72 * HOUR).length;
      expect(inWindow, new Date(start).toISOString()).toBeGreaterThanOrEqual(100);
    }
  });
});
