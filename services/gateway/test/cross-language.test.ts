import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OTHER_LANGUAGE_MAX, SEARCH_MIN_LENGTH } from '@app/contracts';
import { loadDictionary, scriptOf, translateQuery } from '@app/bilingual';
import { createSqlRunner, Prisma } from '@app/db';
import { startFakeOpenAI } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedTerms, termMatchSql } from '../src/modules/summaries/cross-language.sql.ts';
import { type Gateway, startGateway, startPeer } from './support/gateway-harness.ts';

/**
 * Search across languages on the labelled set of packages/bilingual/test/fixtures: English and
 * Chinese reports of the same events among distractors on the same themes (and the feed-based
 * labelled stories of packages/stories), queried in one language for the other's reports.
 */
type Doc = { id: string; event: string; language: 'EN' | 'ZH'; headline: string; content: string };
type Query = { id: string; language: 'EN' | 'ZH'; q: string; event: string };
const read = <T>(path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as T;
const set = read<{ documents: Doc[]; queries: Query[] }>(
  '../../../packages/bilingual/test/fixtures/cross-language-set.json',
);
const stories = read<{
  items: { id: string; event: string; language: 'EN' | 'ZH'; headline: string; text: string }[];
}>('../../../packages/stories/test/fixtures/labelled-stories.json');
const documents: Doc[] = [
  ...set.documents,
  ...stories.items.map((item) => ({ ...item, id: `ls-${item.id}`, content: item.text })),
];
// The product refuses searches shorter than SEARCH_MIN_LENGTH characters: those queries are left out.
const queries = set.queries.filter((query) => [...query.q.trim()].length >= SEARCH_MIN_LENGTH);

let gateway: Gateway;
/** The dictionary's figure, which a provider's answers must not lower. */
let offlineRecall = 0.4;
const idOf = new Map<string, string>();
const summaryDoc = new Map<string, Doc>();

type Answer = {
  data: { id: string; language: string; story_id?: string | null }[];
  other_language?: {
    language: string;
    terms: string[];
    engine?: string;
    data: { id: string; language: string }[];
    skipped?: string;
  };
};
const search = async (q: string, language: 'EN' | 'ZH', extra = '', app = gateway.app) => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/summaries?q=${encodeURIComponent(q)}&language=${language.toLowerCase()}&cross_language=true${extra}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Answer;
};

/** recall@10 of the other language's relevant reports over the labelled queries, as `app` answers. */
async function measureRecall(label: string, app: Gateway['app'], engine: 'dictionary' | 'provider') {
  let sum = 0;
  const lines: string[] = [];
  const engines = new Map<string, number>();
  for (const query of queries) {
    const other = query.language === 'EN' ? 'ZH' : 'EN';
    const relevant = documents.filter((doc) => doc.event === query.event && doc.language === other);
    const answer = await search(query.q, query.language, '', app);
    const found = answer.other_language!;
    expect(found.language).toBe(other);
    expect(found.data.length).toBeLessThanOrEqual(OTHER_LANGUAGE_MAX);
    expect(found.data.every((item) => item.language === other)).toBe(true);
    // The page itself stays in the asked language.
    expect(answer.data.every((item) => item.language === query.language)).toBe(true);
    engines.set(found.engine ?? 'none', (engines.get(found.engine ?? 'none') ?? 0) + 1);
    const hits = relevant.filter((doc) => found.data.some((item) => item.id === idOf.get(doc.id))).length;
    sum += hits / relevant.length;
    lines.push(
      `${query.id} ${query.language} "${query.q}" → ${hits}/${relevant.length} [${found.terms.join(', ')}]`,
    );
  }
  const recall = sum / queries.length;
  console.log(
    `cross-language search, ${label}: ${queries.length} queries, recall@10 ${recall.toFixed(3)} (engines ${JSON.stringify(Object.fromEntries(engines))})`,
  );
  if (process.env.CROSS_LANGUAGE_SHOW) console.log(lines.join('\n'));
  // The answers came from the engine measured (a provider that kept timing out would measure the
  // dictionary); a model may find nothing to say about a few queries.
  expect(engines.get(engine) ?? 0).toBeGreaterThanOrEqual(queries.length * 0.9);
  return recall;
}

beforeAll(async () => {
  gateway = await startGateway();
  const prisma = gateway.db.prisma;
  const now = Date.now();
  const rows = await prisma.summary.createManyAndReturn({
    data: documents.map((doc, index) => ({
      headline: doc.headline,
      content: doc.content,
      language: doc.language,
      summaryType: 'blog_post' as const,
      dedupeKey: `xl:${doc.id}`,
      // Spread over the last day: inside a visitor's window, in a stable order.
      createdAt: new Date(now - ((index * 7919) % 1380) * 60_000),
    })),
    select: { id: true, dedupeKey: true },
  });
  for (const row of rows) {
    const doc = documents.find((d) => `xl:${d.id}` === row.dedupeKey)!;
    idOf.set(doc.id, row.id);
    summaryDoc.set(row.id, doc);
  }
});
afterAll(async () => {
  await gateway?.close();
});

describe('search across languages', () => {
  it('the labelled set is what it says', () => {
    expect(queries.length).toBeGreaterThanOrEqual(50);
    expect(new Set(queries.map((q) => q.language))).toEqual(new Set(['EN', 'ZH']));
    for (const query of queries) {
      const other = query.language === 'EN' ? 'ZH' : 'EN';
      expect(
        documents.some((doc) => doc.event === query.event && doc.language === other),
        query.id,
      ).toBe(true);
    }
  });

  it('finds the other language’s reports offline: recall@10 ≥ 0.4, each marked with its language', async () => {
    offlineRecall = await measureRecall('offline', gateway.app, 'dictionary');
    expect(offlineRecall).toBeGreaterThanOrEqual(0.4);
  });

  it('keeps the offline recall when a provider translates no better than the dictionary', async () => {
    // No offline translator exists here that knows more than CC-CEDICT, and one written from the
    // labelled answers would measure nothing: this "model" gives each query word's first dictionary
    // sense, so the figure checks the provider path (the model's terms only add to the dictionary's),
    // not a model's quality. A real model's figure: the live test below.
    const dictionary = await loadDictionary();
    const fake = await startFakeOpenAI({
      chat: (request) => {
        const q = String(request.messages.find((m) => m.role === 'user')?.content ?? '');
        const from = scriptOf(q) === 'han' ? 'ZH' : 'EN';
        return { terms: translateQuery(dictionary, q, from).map((group) => group.terms[0]!) };
      },
    });
    const app = await startPeer(gateway, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL });
    try {
      const recall = await measureRecall('word-by-word provider', app, 'provider');
      expect(recall).toBeGreaterThanOrEqual(offlineRecall);
    } finally {
      await app.close();
      await fake.close();
    }
  });

  // With a real provider (network and a key): CROSS_LANGUAGE_LIVE=1 OPENAI_API_KEY=… [OPENAI_BASE_URL,
  // OPENAI_MODEL] measures the model's figure, whose goal is 0.8.
  it.skipIf(!process.env.CROSS_LANGUAGE_LIVE)(
    'finds them with a real provider: recall@10 ≥ 0.8',
    async () => {
      const app = await startPeer(gateway, {
        OPENAI_API_KEY: process.env.OPENAI_API_KEY,
        OPENAI_BASE_URL: process.env.OPENAI_BASE_URL,
        OPENAI_MODEL: process.env.OPENAI_MODEL,
        SEARCH_TRANSLATION_TIMEOUT_MS: 10_000,
      });
      try {
        expect(await measureRecall('live provider', app, 'provider')).toBeGreaterThanOrEqual(0.8);
      } finally {
        await app.close();
      }
    },
    600_000,
  );

  it('finds the other language’s members of the matches’ stories through the story links', async () => {
    const prisma = gateway.db.prisma;
    const en = await prisma.summary.create({
      data: {
        headline: 'Quokkabase ships its zanzibar release',
        content: 'Quokkabase 2 is out.',
        language: 'EN',
        summaryType: 'blog_post',
      },
    });
    // Nothing in the Chinese report shares a word or a name with the English query.
    const zh = await prisma.summary.create({
      data: {
        headline: '某数据库发布新版本',
        content: '一款开源数据库今天发布第二版。',
        language: 'ZH',
        summaryType: 'blog_post',
      },
    });
    const before = await search('Quokkabase zanzibar', 'EN');
    expect(before.other_language!.data.map((item) => item.id)).not.toContain(zh.id);
    const story = await prisma.story.create({
      data: { language: 'EN', summaryCount: 2, firstSeenAt: new Date(), lastSeenAt: new Date() },
    });
    await prisma.summary.updateMany({ where: { id: { in: [en.id, zh.id] } }, data: { storyId: story.id } });
    const after = await search('Quokkabase zanzibar', 'EN');
    expect(after.data.map((item) => item.id)).toContain(en.id);
    expect(after.other_language!.data[0]!.id).toBe(zh.id);
  });

  it('finds the same Chinese reports through the trigram index as by reading the whole window', async () => {
    const run = createSqlRunner(gateway.db.prisma);
    const dictionary = await loadDictionary();
    const where = Prisma.sql`s.language = 'ZH'::"Language"`;
    const scope = { language: 'ZH' } as const;
    const ids = async (sql: Prisma.Sql) =>
      (await run<{ id: string; score: number }>({ text: sql.text, values: sql.values })).map(
        (row) => `${row.id}:${row.score}`,
      );
    let indexed = 0;
    let found = 0;
    for (const query of queries.filter((q) => q.language === 'EN')) {
      const groups = translateQuery(dictionary, query.q, 'EN');
      const usesIndex = indexedTerms(groups) !== null;
      if (usesIndex) indexed++;
      const viaIndex = await ids(termMatchSql(where, scope, groups));
      expect(viaIndex, query.q).toEqual(await ids(termMatchSql(where, scope, groups, { trigram: false })));
      if (usesIndex) found += viaIndex.length;
    }
    // Queries naming something (a company, a product) take the index, and find reports through it.
    expect(indexed).toBeGreaterThan(0);
    expect(found).toBeGreaterThan(0);
    // A name in Latin letters is found whatever its case; two-character Chinese words never take the index.
    expect(
      indexedTerms([
        { terms: ['OpenAI'], literal: true },
        { terms: ['发布'], literal: false },
      ]),
    ).toEqual(['OpenAI']);
    expect(
      indexedTerms([
        { terms: ['向量'], literal: false },
        { terms: ['检索'], literal: false },
      ]),
    ).toBeNull();
  });

  it('keeps the dictionary it builds in CACHE_DIR, and answers where it cannot write', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gateway-dictionary-'));
    try {
      const peer = await startPeer(gateway, { CACHE_DIR: path.join(dir, 'cache') });
      const answer = await search('database outage', 'EN', '', peer);
      expect(answer.other_language?.terms).toContain('数据库');
      expect(await readdir(path.join(dir, 'cache', 'dictionary'))).toEqual([
        expect.stringMatching(/^cedict-.+\.txt$/),
      ]);
      await peer.close();

      await writeFile(path.join(dir, 'a-file'), '');
      const blocked = await startPeer(gateway, { CACHE_DIR: path.join(dir, 'a-file', 'cache') });
      expect((await search('database outage', 'EN', '', blocked)).other_language?.terms).toContain('数据库');
      await blocked.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers a query in another script, and pages past the first, without other-language reports', async () => {
    const cyrillic = await search('новая модель', 'EN');
    expect(cyrillic.other_language).toMatchObject({
      language: 'ZH',
      data: [],
      skipped: 'unsupported_script',
    });
    const second = await search('outage storage', 'EN', '&page=2');
    expect(second.other_language).toBeUndefined();
    const without = await gateway.app.inject({ method: 'GET', url: '/api/summaries?q=outage%20storage' });
    expect(without.json().other_language).toBeUndefined();
    // Input that means something in a tsquery or a LIKE pattern is only ever a word.
    for (const q of ["a' | b & !c", '%_\\ (x) <-> y:*', '100% 的 _下划线_']) {
      const response = await gateway.app.inject({
        method: 'GET',
        url: `/api/summaries?q=${encodeURIComponent(q)}&cross_language=true&language=${/的/.test(q) ? 'zh' : 'en'}`,
      });
      expect(response.statusCode, q).toBe(200);
    }
  });
});
