import { describe, expect, it } from 'vitest';
import { fingerprint, TermTable, textSimilarity, tokenize } from '../src/index.ts';

/** Weights of an empty window: every token equally rare. */
const even = new TermTable().countsFor(0);

describe('tokenize', () => {
  it('segments Chinese into dictionary words, not single characters', () => {
    const tokens = tokenize('苹果公司今天发布了新款iPhone手机', 'ZH');
    expect(tokens).toEqual(expect.arrayContaining(['苹果', '公司', '手机', 'iphone']));
    expect(tokens).not.toContain('苹');
    expect(tokens).not.toContain('了');
  });

  it('lower-cases, drops stop words and folds plurals in English', () => {
    expect(tokenize('The Startups launch new Databases', 'EN')).toEqual(['startup', 'launch', 'database']);
  });
});

describe('textSimilarity', () => {
  const comparable = (headline: string, text: string, sourceId: string) => ({
    ...fingerprint({ headline, text, language: 'EN' }),
    sourceId,
  });

  it('scores two outlets reporting one event above unrelated news', () => {
    const a = comparable(
      'Cloudscale buys OrbitDB for $420 million',
      'The serverless Postgres startup OrbitDB is sold to Cloudscale.',
      'a',
    );
    const b = comparable(
      'OrbitDB acquired by Cloudscale in $420M deal',
      'Cloudscale buys serverless Postgres startup OrbitDB.',
      'b',
    );
    const c = comparable('Rust 2030 edition released', 'Async closures are stable in the new edition.', 'c');
    expect(textSimilarity(a, b, even)).toBeGreaterThan(0.3);
    expect(textSimilarity(a, c, even)).toBe(0);
  });

  it('keeps numbered episodes of one show apart', () => {
    const body = 'Jeff, Brad and Vinny talk about the week in games. Subscribe for more.';
    expect(
      textSimilarity(
        comparable('Episode 45: Heat', body, 's'),
        comparable('Episode 49: Heat', body, 'x'),
        even,
      ),
    ).toBe(0);
    expect(
      textSimilarity(
        comparable('Episode 45: Heat', body, 's'),
        comparable('Episode 46: Cold', body, 's'),
        even,
      ),
    ).toBe(0);
  });
});
