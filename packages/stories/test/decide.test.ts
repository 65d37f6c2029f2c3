import { describe, expect, it } from 'vitest';
import {
  bestStory,
  candidateKeys,
  fingerprint,
  type IndexedItem,
  MEMBER_AGREEMENT_THRESHOLD,
  MIN_COMMON_DF,
  numbersConflict,
  StoryIndex,
  TermTable,
  TEXT_MATCH_THRESHOLD,
  textScores,
  textSimilarity,
} from '../src/index.ts';

const at = (hours: number) => new Date(Date.UTC(2026, 5, 1, 8) + hours * 3600_000);
let nextId = 1;
const item = (
  source: string,
  headline: string,
  text: string,
  hours = 0,
  language: 'EN' | 'ZH' = 'EN',
): IndexedItem => ({ id: `i${nextId++}`, sourceId: source, headline, text, language, eventAt: at(hours) });
const even = new TermTable().countsFor(0);
const similarity = (a: IndexedItem, b: IndexedItem) =>
  textSimilarity(
    { ...fingerprint(a), sourceId: a.sourceId },
    { ...fingerprint(b), sourceId: b.sourceId },
    even,
  );

describe('a story is matched as a whole, not through one member', () => {
  // B shares half its words with A and half with C; A and C share nothing.
  const a = item(
    'outlet-a',
    'Helios Bank fined over card data breach',
    'Regulators fined Helios Bank after a breach exposed customer card data in March.',
  );
  const b = item(
    'outlet-b',
    'Helios Bank fined over card breach; Kestrel lunar lander delayed',
    'Regulators fined Helios Bank after a card data breach. The Kestrel lunar lander touchdown near the south pole was delayed.',
    1,
  );
  const c = item(
    'outlet-c',
    'Kestrel lunar lander touchdown delayed',
    'The Kestrel lunar lander touchdown near the south pole was delayed after a sensor fault.',
    2,
  );

  it('the chain exists pairwise: A~B and B~C match, A and C do not', () => {
    expect(similarity(a, b)).toBeGreaterThanOrEqual(TEXT_MATCH_THRESHOLD);
    expect(similarity(b, c)).toBeGreaterThanOrEqual(TEXT_MATCH_THRESHOLD);
    expect(similarity(a, c)).toBe(0);
  });

  it('A and C end in different stories, in either order of arrival', () => {
    for (const order of [
      [a, b, c],
      [c, b, a],
      [b, a, c],
    ]) {
      const index = new StoryIndex();
      const story = new Map(order.map((x) => [x.id, index.assign(x).storyId]));
      expect(story.get(a.id)).not.toBe(story.get(c.id));
    }
  });

  it('a story of several reports takes an item only when most of them agree', () => {
    const doc = (tokens: number[], summaryId: string) => ({
      tokens,
      headlineTokens: tokens.slice(0, 3),
      headlineOrder: tokens.slice(0, 3),
      numbers: [],
      sourceId: summaryId,
      summaryId,
      storyId: 'story',
      at: 0,
    });
    const members = [
      doc([1, 2, 3, 4, 5, 6], 'm1'),
      doc([11, 12, 13, 14, 15, 16], 'm2'),
      doc([21, 22, 23, 24, 25, 26], 'm3'),
    ];
    const story = [{ storyId: 'story', members }];
    // Resembles one member of three: its neighbour, not the story.
    expect(bestStory({ ...doc([1, 2, 3, 4, 5, 7], 'x'), sourceId: 'x' }, story, even)).toBeNull();
    // Resembles two of three (its headline names both): the story.
    const both = bestStory(
      { ...doc([1, 2, 3, 11, 12, 13], 'y'), headlineTokens: [1, 11], headlineOrder: [1, 11], sourceId: 'y' },
      story,
      even,
    );
    expect(both?.storyId).toBe('story');
    // One member alone is a story of one: its resemblance is enough.
    expect(
      bestStory(
        { ...doc([1, 2, 3, 4, 5, 7], 'z'), sourceId: 'z' },
        [{ storyId: 'one', members: [members[0]!] }],
        even,
      )?.storyId,
    ).toBe('one');
  });
});

describe('most members must be about the same thing, and the closest must match', () => {
  // A lawsuit, a newsletter's take on it in other words, and the defendant's answer a day later,
  // headlined on its own angle: it matches the first report, and is about what the take is about
  // though neither headline covers the other's.
  const suit = item(
    'circuit',
    'Authors’ guild sues Cobalt AI over books used in training',
    'A guild representing 9,000 writers filed a lawsuit against Cobalt AI in federal court, alleging the company trained its models on pirated copies of their books downloaded from shadow libraries.',
    0,
  );
  const take = item(
    'inference',
    'Writers take Cobalt to court',
    'Nine thousand novelists say Cobalt used their books in training its AI models without paying for a single file, and they think they can prove it.',
    6,
  );
  const answer = item(
    'byteline',
    'Cobalt responds to authors’ lawsuit, says data was licensed',
    'Cobalt AI said it licensed the books behind its models from a distributor, paid for every file, and would defend itself against the guild’s claims filed in federal court on Sunday.',
    28,
  );

  it('the answer matches the first report only, and is about the same thing as the take', () => {
    const terms = new TermTable().countsFor(0);
    const scores = (a: IndexedItem, b: IndexedItem) =>
      textScores(
        { ...fingerprint(a), sourceId: a.sourceId },
        { ...fingerprint(b), sourceId: b.sourceId },
        terms,
      );
    expect(scores(answer, suit).match).toBeGreaterThanOrEqual(TEXT_MATCH_THRESHOLD);
    expect(scores(answer, take).match).toBe(0);
    expect(scores(answer, take).similarity).toBeGreaterThanOrEqual(MEMBER_AGREEMENT_THRESHOLD);
  });

  it('all three end in one story', () => {
    const index = new StoryIndex();
    const first = index.assign(suit);
    expect(index.assign(take).storyId).toBe(first.storyId);
    expect(index.assign(answer).storyId).toBe(first.storyId);
  });
});

describe('tokens common in the window carry no weight', () => {
  // Every summary has the same shape; one outlet, a newsletter, ends each item with a long sign-off.
  const shape = (lead: string) =>
    `Key points. What changed: ${lead} Why it matters: teams that adopt it early report faster iteration and fewer surprises. Try it: the post links to code samples and a checklist you can reuse this week.`;
  const footer =
    'Thanks for reading the Builder Brief. Forward this to a friend who ships. Sponsored by Acme Cloud: deploy in seconds. Unsubscribe or manage your preferences any time.';
  const words =
    'postgres vacuum rust runtime payment webhook kubernetes autoscaler sqlite replica typescript decorator zstd dictionary feature flag profiler queue vector index monolith route cache eviction tracing span schema migration compiler linker wasm sandbox firewall rule tls certificate dns resolver cron scheduler bloom filter raft consensus'.split(
      ' ',
    );
  // Three words each, no two items with the same three (i and i + 44 would repeat without the shift).
  const topic = (i: number) => {
    const shift = Math.floor(i / words.length);
    return `${words[i % words.length]} ${words[(i * 7 + 3 + shift) % words.length]} ${words[(i * 11 + 5 + 2 * shift) % words.length]}`;
  };

  it('items sharing only the shape and the sign-off stay apart; two reports of one event join', () => {
    const index = new StoryIndex();
    const assigned = [];
    for (let i = 0; i < 60; i++) {
      const newsletter = i % 5 === 0;
      const lead = `A look at ${topic(i)} in practice, number ${i}.`;
      const text = newsletter ? `${shape(lead)} ${footer}` : shape(lead);
      assigned.push(
        index.assign(item(newsletter ? 'builder-brief' : `outlet-${i % 9}`, `On ${topic(i)}`, text, i)),
      );
    }
    // The weights are learnt from the window: while it holds only a handful of documents (its
    // first few, the shape in every one), shared boilerplate cannot yet be told from a shared event.
    const learnt = assigned.slice(MIN_COMMON_DF + 1);
    expect(new Set(learnt.map((s) => s.storyId)).size).toBe(learnt.length);
    expect(learnt.every((s) => s.method === 'new')).toBe(true);
    const first = index.assign(
      item(
        'wire-a',
        'Mistral releases Codestral 3 with a 256k context window',
        shape(
          'Mistral released Codestral 3, a coding model with a 256k token context window and an open licence.',
        ),
        61,
      ),
    );
    const second = index.assign(
      item(
        'wire-b',
        'Codestral 3 from Mistral brings 256k context',
        shape(
          "Mistral's new Codestral 3 coding model ships with a 256k context window under an open licence.",
        ),
        62,
      ),
    );
    expect(second.storyId).toBe(first.storyId);
    expect(assigned.map((s) => s.storyId)).not.toContain(first.storyId);
  });
});

describe('bad input never merges into a large story', () => {
  it('empty, one-word, mixed-script and text-less items get stories of their own; duplicates join', () => {
    const index = new StoryIndex();
    const big = [0, 1, 2].map((i) =>
      index.assign(
        item(
          `wire-${i}`,
          'Heatwave closes schools across northern Italy',
          'Schools across northern Italy closed as a heatwave pushed temperatures past 40 degrees.',
          i,
        ),
      ),
    );
    expect(new Set(big.map((s) => s.storyId)).size).toBe(1);
    const odd = [
      item('x1', '', ''),
      item('x2', '', ''),
      item('x3', 'Update', ''),
      item('x4', 'Update', ''),
      item('x5', 'Italy', 'Italy.'),
      item('x6', '意大利热浪导致学校关闭', 'Schools in Italy closed.', 3, 'ZH'),
      item('x7', 'Heatwave', ''),
    ].map((x) => index.assign(x));
    const ids = odd.map((s) => s.storyId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(big[0]!.storyId);
    expect(odd.every((s) => s.method === 'new')).toBe(true);

    const text =
      'The Oslo city council approved a congestion charge for diesel vans starting in January, with revenue going to bus lanes.';
    const one = index.assign(item('dup-a', 'Oslo approves congestion charge for diesel vans', text, 4));
    const two = index.assign(item('dup-b', 'Oslo approves congestion charge for diesel vans', text, 5));
    expect(two.storyId).toBe(one.storyId);
  });
});

describe('numbers part events only as other editions or versions', () => {
  const pair = (a: string, b: string) =>
    numbersConflict(
      { ...fingerprint(item('a', a, '')), sourceId: 'a' },
      { ...fingerprint(item('b', b, '')), sourceId: 'b' },
    );

  it('one name with other numbers, and other editions of one headline, conflict', () => {
    expect(pair('Lumen Labs releases Lumen 4 with lower prices', 'Lumen 4.1 fixes tool-calling')).toBe(true);
    expect(pair('Episode 45: pricing a developer tool', 'Episode 49: hiring the first engineer')).toBe(true);
    expect(pair('Q2 2022 RSS.com Product Updates', 'Q4 2022 RSS.com Product Updates')).toBe(true);
    expect(pair('Firefox Security Newsletter 2025 Q3', 'Firefox Security Newsletter 2025 Q4')).toBe(true);
  });

  it('the same event counted in other units, or with a number added, does not', () => {
    expect(pair('Voltra cuts the price of its Model V by $4,000', 'The Model V is now under $39,000')).toBe(
      false,
    );
    expect(pair('Brightline to acquire Patchwork for $210 million', 'Patchwork sells for $210M')).toBe(false);
    expect(pair('Announcing the Rust 2030 edition', 'Rust 1.120 ships the 2030 edition')).toBe(false);
    expect(
      pair('字节跳动开源 700 亿参数大模型 Doubao-Open', '字节开源 Doubao-Open：700 亿参数，Apache 2.0 协议'),
    ).toBe(false);
  });
});

describe('each headline must be covered by the other item', () => {
  it('a daily roundup that lists an event in passing does not join its story', () => {
    const index = new StoryIndex();
    // A window of unrelated items, so the roundup's own words are rare and count.
    for (let i = 0; i < 60; i++)
      index.assign(
        item(`filler-${i}`, `Filler item ${i} about topic ${i}`, `Body text number ${i}.`, -48 + i / 2),
      );
    const report = index.assign(
      item(
        'wire',
        'Harbor City opens real-time transit data to developers',
        'Harbor City published real-time bus and tram positions as a free open-data feed for developers.',
      ),
    );
    const roundup = index.assign(
      item(
        'stack-report',
        'The Stack Report daily roundup: Wednesday, July 8',
        'Harbor City opens real-time transit data to developers: bus and tram positions are now a free open-data feed. Also: a quiet day for funding rounds.',
        1,
      ),
    );
    const second = index.assign(
      item(
        'metro-desk',
        'Developers get Harbor City’s real-time transit data',
        'Harbor City’s real-time bus and tram data is now free for developers as an open-data feed.',
        2,
      ),
    );
    expect(roundup.storyId).not.toBe(report.storyId);
    expect(second.storyId).toBe(report.storyId);
  });
});

describe('headlines led by other names are other events', () => {
  it('two recall notices in one template, by two companies, stay apart; a report naming the other’s subject joins', () => {
    const index = new StoryIndex();
    for (let i = 0; i < 60; i++)
      index.assign(
        item(`filler-${i}`, `Filler item ${i} about topic ${i}`, `Body text number ${i}.`, -48 + i / 2),
      );
    const sun = index.assign(
      item(
        'fda',
        'Sun Pharmaceutical Issues Voluntary Nationwide Recall of Vecuronium Bromide Due to Glass Particles',
        'Sun Pharmaceutical is voluntarily recalling one lot of Vecuronium Bromide for Injection nationwide due to glass particles found in vials.',
      ),
    );
    const alvogen = index.assign(
      item(
        'fda-mirror',
        'Alvogen Issues Voluntary Nationwide Recall of Fentanyl Patches Due to Glass Particles',
        'Alvogen is voluntarily recalling one lot of Fentanyl Transdermal patches nationwide due to glass particles found in pouches.',
        1,
      ),
    );
    const parsec = index.assign(
      item(
        'wire',
        'Parsec raises $40M Series B for AI code review',
        'Parsec, which reviews pull requests with AI, raised a $40M Series B led by Northgate Ventures.',
        2,
      ),
    );
    const northgate = index.assign(
      item(
        'vc-desk',
        'Northgate leads $40 million round in code-review startup Parsec',
        'Northgate Ventures led a $40 million Series B in Parsec, the AI code-review startup.',
        3,
      ),
    );
    expect(alvogen.storyId).not.toBe(sun.storyId);
    expect(northgate.storyId).toBe(parsec.storyId);
  });
});

describe('reports in their own words are found by the names they share', () => {
  const first = item(
    'wire-a',
    'Brightline to acquire Patchwork for $210 million',
    'The design company agreed to a cash deal for the two-year-old whiteboard startup, whose forty staff join its Lisbon group.',
    0,
  );
  const second = item(
    'wire-b',
    'Patchwork sells to Brightline after two years of slow growth',
    'The whiteboard maker found a buyer after revenue stalled; founders say the app keeps running for existing customers.',
    5,
  );

  it('two reports that share no MinHash band but rare headline words end in one story', () => {
    const a = fingerprint(first);
    const b = fingerprint(second);
    expect(a.bands.some((band) => b.bands.includes(band))).toBe(false);
    expect(similarity(first, second)).toBeGreaterThanOrEqual(TEXT_MATCH_THRESHOLD);
    const index = new StoryIndex();
    const one = index.assign(first);
    expect(index.assign(second).storyId).toBe(one.storyId);
  });

  it('only headline words rare in the window, and held by another item there, are looked up', () => {
    const print = fingerprint(item('wire-c', 'Spotlight: Brightline buys Patchwork in Lisbon', ''));
    const terms = new TermTable();
    // A week of items that all open with one template word, and one that names the deal.
    for (let i = 0; i < 60; i++) terms.add(0, fingerprint(item(`o${i}`, `Spotlight: thing ${i}`, '')).tokens);
    terms.add(0, fingerprint(item('wire-d', 'Brightline buys Patchwork', '')).tokens);
    const keys = candidateKeys(print, terms.countsFor(0));
    // spotlight (in 60 of 61), brightline, buy, patchwork (in 1), lisbon (in none).
    expect(print.names).toHaveLength(5);
    expect(keys).toEqual([...print.bands, ...print.names.slice(1, 4)]);
  });

  it('in a small window, a name already in several reports of its event is still looked up', () => {
    // A fresh install's week: 80 unrelated items and four reports naming Patchwork. The fifth report
    // shares no other rare headline word with them, and must still find their story by that name.
    const terms = new TermTable();
    for (let i = 0; i < 80; i++)
      terms.add(0, fingerprint(item(`u${i}`, `Unrelated item number ${i}`, '')).tokens);
    for (let i = 0; i < 4; i++)
      terms.add(0, fingerprint(item(`r${i}`, `Brightline report ${i} on Patchwork`, '')).tokens);
    const fifth = fingerprint(item('wire-e', 'Patchwork fans worry about their boards', ''));
    const keys = candidateKeys(fifth, terms.countsFor(0));
    expect(keys).toContain(fifth.names[0]);
  });
});
