// pnpm --filter @app/for-you build-replay-set
// Writes test/fixtures/replay-readers.json: simulated readers of the seeded demo content, each with
// interests (a topic or two, a source or two) and a past drawn from days 3–9 that follows from them
// in one way: follows only, saved summaries, reads (mostly, not only, in their interests), a mix, or
// nothing at all. Interests are narrower than a third of the ranked days' summaries in the reader's
// language (drawn again otherwise), so "twice the date order's share" is reachable and says something.
// Seeded, so a rerun writes the same file.
import { writeFileSync } from 'node:fs';
import { TOPICS } from '../../db/src/seed-data/topics.ts';
import { DEMO, type DemoSummary, isCandidate, type ReplayReader } from '../test/demo-readers.ts';

/** mulberry32: a small, well-known seeded generator. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(20261130);
const sample = <T>(list: readonly T[], n: number): T[] => {
  const copy = [...list];
  const out: T[] = [];
  while (out.length < n && copy.length > 0) out.push(copy.splice(Math.floor(random() * copy.length), 1)[0]!);
  return out;
};
const newestFirst = (a: DemoSummary, b: DemoSummary) => b.createdAt - a.createdAt;

const KINDS: ReplayReader['kind'][] = ['follower', 'saver', 'reader', 'mixed', 'new'];
const readers: ReplayReader[] = [];
for (let n = 0; n < 60; n++) {
  const kind = KINDS[n % KINDS.length]!;
  const language = n % 3 === 2 ? 'ZH' : 'EN';
  const pool = DEMO.filter((item) => item.language === language);
  const past = pool.filter((item) => !isCandidate(item));
  const candidates = pool.filter(isCandidate);
  let topics: string[];
  let sources: string[];
  let inInterest: (item: DemoSummary) => boolean;
  do {
    topics = sample(
      TOPICS.map((t) => t.slug).filter((slug) => pool.some((item) => item.topic === slug)),
      random() < 0.7 ? 1 : 2,
    );
    const otherSources = [
      ...new Set(pool.filter((item) => !topics.includes(item.topic)).map((i) => i.source)),
    ];
    sources = sample(otherSources, random() < 0.5 ? 1 : 0);
    inInterest = (item) => topics.includes(item.topic) || sources.includes(item.source);
  } while (candidates.filter(inInterest).length > candidates.length / 3);
  const interests = { topics, sources };
  const liked = past.filter(inInterest);
  const others = past.filter((item) => !inInterest(item));

  const follows = { topics: [] as string[], sources: [] as string[] };
  let saved: DemoSummary[] = [];
  let reads: DemoSummary[] = [];
  if (kind === 'follower' || kind === 'mixed') {
    follows.topics = kind === 'mixed' ? topics.slice(0, 1) : topics;
    follows.sources = sources;
  }
  if (kind === 'saver' || kind === 'mixed') saved = sample(liked, 3 + Math.floor(random() * 3));
  if (kind === 'reader' || kind === 'mixed') {
    const count = 15 + Math.floor(random() * 16);
    const noise = Math.round(count * 0.2);
    reads = [...sample(liked, count - noise), ...sample(others, noise)];
  }
  readers.push({
    id: `reader-${String(n + 1).padStart(2, '0')}`,
    kind,
    language,
    interests,
    follows,
    saved: saved.sort(newestFirst).map((item) => item.id),
    reads: reads.sort(newestFirst).map((item) => item.id),
  });
}

writeFileSync(
  new URL('../test/fixtures/replay-readers.json', import.meta.url),
  `${JSON.stringify({ readers }, null, 1)}\n`,
);
console.log(`wrote ${readers.length} readers`);
