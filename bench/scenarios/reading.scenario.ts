import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { seed } from '@app/db';
import { freePort } from '@app/testing';
import type autocannon from 'autocannon';
import pg from 'pg';
import { benchDatabase } from '../lib/database.ts';
import { load } from '../lib/load.ts';
import { type GatewayProcess, startGatewayProcess } from '../lib/process.ts';
import type { Figure, Scenario } from '../lib/types.ts';
import { EN_TERM, fill, signInPro } from './summaries.scenario.ts';

const CONCURRENCY = 16;
/** Each case runs this long unmeasured first (the JIT, the pool, the plans, the caches). */
const WARM_UP_SECONDS = 2;
/** Reads and follows per simulated reader. */
const READS_PER_READER = 20;

/**
 * A reader's own front page at 1M summaries and 100k readers (--full; 100k and 10k quick): the
 * "For you" first page, search across languages, read/unread writes, and the date-ordered list
 * beside them. The readers' follows and reads fill their tables first; the measured reader is a
 * Pro reader with follows, saved summaries and reads of their own.
 */
export const readingScenario: Scenario = {
  name: 'reading',
  description: 'For you, cross-language search and read/unread writes beside the date-ordered list',
  async run(context) {
    const rows = context.full ? 1_000_000 : 100_000;
    const readers = context.full ? 100_000 : 10_000;
    const seconds = context.full ? 15 : 5;
    const db = await benchDatabase(context.databaseAdminUrl, 'bench_reading');
    const pool = new pg.Pool({ connectionString: db.url, max: 10 });
    pool.on('error', () => undefined);
    const port = await freePort();
    let gateway: GatewayProcess | undefined;
    let dictionaryDir: string | undefined;
    try {
      await seed(db.prisma, { demoSummaries: false });
      context.log(`filling ${rows.toLocaleString()} summaries`);
      await fill(pool, rows, context.log);
      context.log(
        `adding ${readers.toLocaleString()} readers with follows and ${READS_PER_READER} reads each`,
      );
      const started = performance.now();
      await addReaders(pool, readers);
      context.log(`readers added in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      // A dictionary cache of its own, empty: the first search across languages builds it (below).
      dictionaryDir = await mkdtemp(path.join(tmpdir(), 'bench-dictionary-'));
      const start = () =>
        startGatewayProcess({
          repoRoot: context.repoRoot,
          redisUrl: context.redisUrl,
          databaseUrl: db.url,
          port,
          env: {
            LOGIN_RATE_LIMIT: '10000',
            LOGIN_IP_RATE_LIMIT: '100000',
            CACHE_DIR: dictionaryDir!,
          },
        });
      gateway = await start();
      const base = `http://127.0.0.1:${port}`;
      const { token, userId } = await signInPro(db.prisma, base);
      await giveHistory(pool, userId);
      const auth = { authorization: `Bearer ${token}` };
      const recent = await pool
        .query<{ id: string }>(
          `SELECT id FROM summaries WHERE language = 'EN' ORDER BY created_at DESC LIMIT 2000`,
        )
        .then((r) => r.rows.map((row) => row.id));

      const reads: autocannon.Request[] = [
        { method: 'POST', path: '/api/me/reads', setupRequest: (request) => withId(request, recent) },
        { method: 'DELETE', path: '/api/me/reads', setupRequest: (request) => withId(request, recent) },
      ];
      const cases: {
        name: string;
        path: string;
        goal?: 'latency' | 'list' | 'writes';
        requests?: autocannon.Request[];
      }[] = [
        { name: 'date-ordered list page (visitor)', path: '/api/summaries?language=en', goal: 'list' },
        { name: 'date-ordered list page (signed-in reader)', path: '/api/summaries?language=en&group=story' },
        {
          name: 'For you, first page',
          path: '/api/summaries?language=en&order=for_you&group=story',
          goal: 'latency',
        },
        {
          name: 'cross-language search, English query, first page',
          path: `/api/summaries?language=en&q=${EN_TERM}%20growth&cross_language=true&group=story`,
          goal: 'latency',
        },
        {
          name: 'cross-language search, Chinese query, first page',
          path: `/api/summaries?language=zh&q=${encodeURIComponent('向量检索')}&cross_language=true&group=story`,
          goal: 'latency',
        },
        {
          name: 'read/unread writes (one card each)',
          path: '/api/me/reads',
          goal: 'writes',
          requests: reads,
        },
      ];

      const figures: Figure[] = [];
      // The first search across languages on a machine builds the bilingual dictionary (on a worker
      // thread) and caches it; the first in a later process reads the cache. Each measured once,
      // alone; then every case is warmed before it is measured (steady state).
      const firstSearch = async (figure: string) => {
        const started = performance.now();
        const response = await fetch(`${base}${cases[3]!.path}`, { headers: auth });
        if (!response.ok) throw new Error(`first cross-language search: ${response.status}`);
        await response.arrayBuffer();
        figures.push({ scenario: 'reading', figure, value: performance.now() - started, unit: 'ms' });
      };
      await firstSearch('first search across languages on a machine (builds the dictionary)');
      await gateway.stop();
      gateway = await start();
      await firstSearch('first search across languages in a later process (reads the cached dictionary)');
      for (const c of cases) {
        context.log(c.name);
        const headers = c.name.includes('visitor')
          ? undefined
          : { ...auth, 'content-type': 'application/json' };
        const options = {
          connections: CONCURRENCY,
          headers,
          ...(c.requests ? { requests: c.requests } : {}),
        };
        await load(`${base}${c.path}`, { ...options, seconds: WARM_UP_SECONDS });
        const result = await load(`${base}${c.path}`, { ...options, seconds });
        // A failed request is a figure of its own (with the case's other figures kept), not the end of
        // the scenario: one English search across languages once got no answer within 10 s.
        if (result.non2xx > 0 || result.errors > 0)
          figures.push({
            scenario: 'reading',
            figure: `${c.name} failed requests (non-2xx or no answer within 10 s)`,
            value: result.non2xx + result.errors,
            unit: 'requests',
            goal: '0',
            pass: false,
          });
        figures.push(
          {
            scenario: 'reading',
            figure: `${c.name} throughput`,
            value: result.requestsPerSecond,
            unit: 'req/s',
            ...(c.goal === 'list'
              ? { goal: '≥ 1000 req/s on 2 cores', pass: result.requestsPerSecond >= 1000 }
              : {}),
            ...(c.goal === 'writes'
              ? { goal: '≥ 2000 writes/s', pass: result.requestsPerSecond >= 2000 }
              : {}),
          },
          {
            scenario: 'reading',
            figure: `${c.name} p99`,
            value: result.p99,
            unit: 'ms',
            ...(c.goal === 'latency' ? { goal: '≤ 50 ms', pass: result.p99 <= 50 } : {}),
          },
        );
      }
      figures.push(
        { scenario: 'reading', figure: 'summaries in the table', value: rows, unit: 'rows' },
        { scenario: 'reading', figure: 'readers', value: readers, unit: 'users' },
      );
      return figures;
    } finally {
      await gateway?.stop();
      if (dictionaryDir) await rm(dictionaryDir, { recursive: true, force: true });
      await pool.end();
      await db.drop();
    }
  },
};

/** One summary id per request, picked at random: each write marks or unmarks one card. */
function withId(request: autocannon.Request, ids: string[]): autocannon.Request {
  const id = ids[Math.floor(Math.random() * ids.length)];
  return { ...request, body: JSON.stringify({ summary_ids: [id] }) };
}

/**
 * Readers in bulk: users with profiles, each following one or two topics and one source, and
 * READS_PER_READER reads among the newest 20,000 summaries.
 */
async function addReaders(pool: pg.Pool, readers: number) {
  await pool.query(
    `INSERT INTO users (id, email, email_verified_at, created_at, updated_at)
     SELECT gen_random_uuid(), 'reader-' || i || '@bench.test', now(), now(), now() FROM generate_series(1, $1::int) i`,
    [readers],
  );
  await pool.query(
    `INSERT INTO user_profiles (id, created_at, updated_at)
     SELECT id, now(), now() FROM users WHERE email LIKE 'reader-%@bench.test'`,
  );
  await pool.query(
    `WITH t AS (SELECT array_agg(id ORDER BY id) AS ids FROM topics),
      d AS (SELECT array_agg(id ORDER BY id) AS ids FROM datasources),
      u AS (SELECT id, hashtext(id::text)::bigint & 2147483647 AS h FROM users WHERE email LIKE 'reader-%@bench.test')
     INSERT INTO user_follows (id, user_id, topic_id, datasource_id)
     SELECT gen_random_uuid(), u.id, t.ids[1 + u.h % array_length(t.ids, 1)], NULL::uuid FROM u, t
     UNION ALL
     SELECT gen_random_uuid(), u.id, t.ids[1 + (u.h / 7) % array_length(t.ids, 1)], NULL::uuid FROM u, t WHERE u.h % 2 = 0
       AND (u.h / 7) % array_length(t.ids, 1) <> u.h % array_length(t.ids, 1)
     UNION ALL
     SELECT gen_random_uuid(), u.id, NULL::uuid, d.ids[1 + (u.h / 11) % array_length(d.ids, 1)] FROM u, d`,
  );
  // Numbered recent summaries joined by number (an array indexed per row would be copied per row).
  await pool.query(
    `WITH r AS (SELECT id, topic_id, datasource_id, (row_number() OVER (ORDER BY created_at DESC, id) - 1)::int AS n FROM (
        SELECT id, topic_id, datasource_id, created_at FROM summaries ORDER BY created_at DESC LIMIT 20000) x),
      picks AS (SELECT u.id AS user_id, (hashint8(k::bigint * 7919 + hashtext(u.id::text)) & 9223372036854775807) % 20000 AS n, k
        FROM users u, generate_series(1, ${READS_PER_READER}) k WHERE u.email LIKE 'reader-%@bench.test')
     INSERT INTO user_reads (user_id, summary_id, topic_id, datasource_id, read_at)
     SELECT p.user_id, r.id, r.topic_id, r.datasource_id, now() - p.k * interval '1 hour' FROM picks p JOIN r ON r.n = p.n
     ON CONFLICT DO NOTHING`,
  );
  await pool.query('VACUUM (ANALYZE) users, user_profiles, user_follows, user_reads');
}

/**
 * The measured reader: two topics and a source followed, ten summaries saved, and 1,000 read (one in
 * five of the newest 5,000 English summaries, a few months of daily reading): "For you" weighs the
 * newest 300 of them and looks up the read marks of its candidates, neither of which may cost more the
 * more a reader has read.
 */
async function giveHistory(pool: pg.Pool, userId: string) {
  await pool.query(
    `INSERT INTO user_follows (id, user_id, topic_id)
     SELECT gen_random_uuid(), $1::uuid, id FROM topics ORDER BY slug LIMIT 2`,
    [userId],
  );
  await pool.query(
    `INSERT INTO user_follows (id, user_id, datasource_id)
     SELECT gen_random_uuid(), $1::uuid, id FROM datasources ORDER BY source_name LIMIT 1`,
    [userId],
  );
  await pool.query(
    `INSERT INTO user_favorite_summaries (id, user_id, summary_id)
     SELECT gen_random_uuid(), $1::uuid, id FROM summaries WHERE language = 'EN'
     ORDER BY created_at DESC OFFSET 100 LIMIT 10`,
    [userId],
  );
  await pool.query(
    `INSERT INTO user_reads (user_id, summary_id, topic_id, datasource_id, read_at)
     SELECT $1::uuid, id, topic_id, datasource_id, now() - n * interval '1 minute' FROM (
       SELECT id, topic_id, datasource_id, row_number() OVER (ORDER BY created_at DESC, id) AS n
       FROM summaries WHERE language = 'EN' ORDER BY created_at DESC, id LIMIT 5000) x
     WHERE n % 5 = 0`,
    [userId],
  );
}
