import { performance } from 'node:perf_hooks';
import { type PrismaClient, seed } from '@app/db';
import { apiSignIn, seedUser } from '@app/testing';
import { freePort } from '@app/testing';
import pg from 'pg';
import { freeWindow } from '../../services/gateway/src/lib/zoned-dates.ts';
import type { SqlRunner } from '@app/db';
import {
  type PageWindow,
  type PlanCheck,
  querySummaryPage,
  type SummaryFilters,
} from '../../services/gateway/src/modules/summaries/summaries.sql.ts';
import { benchDatabase } from '../lib/database.ts';
import { load, percentile } from '../lib/load.ts';
import { type GatewayProcess, startGatewayProcess } from '../lib/process.ts';
import type { Figure, Scenario } from '../lib/types.ts';

const CONCURRENCY = 16;
const TZ = 'America/Los_Angeles';
/** A made-up word present in about 0.1 % of English summaries (see fill()). */
export const EN_TERM = 'zorvath';
/** Two Chinese words side by side: a 4-character query. */
const ZH_TERM = '向量检索';

/**
 * GET /api/summaries at 100k (quick) or 1M (--full) summaries: a list page, an English search,
 * a Chinese search and a filtered search, each against the same SQL statement run directly
 * on a pg pool at the same concurrency (the API's p50 over raw SQL's p50).
 */
export const summariesScenario: Scenario = {
  name: 'summaries',
  description: 'GET /api/summaries list, search and filtered search vs the same SQL run directly',
  async run(context) {
    const rows = context.full ? 1_000_000 : 100_000;
    const seconds = context.full ? 15 : 5;
    const db = await benchDatabase(context.databaseAdminUrl, 'bench_summaries');
    const pool = new pg.Pool({ connectionString: db.url, max: 10 });
    // The database is dropped WITH (FORCE) at the end: a client still closing must not crash the run.
    pool.on('error', () => undefined);
    const port = await freePort();
    let gateway: GatewayProcess | undefined;
    try {
      await seed(db.prisma, { demoSummaries: false });
      context.log(`filling ${rows.toLocaleString()} summaries`);
      const started = performance.now();
      await fill(pool, rows, context.log);
      context.log(`filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      gateway = await startGatewayProcess({
        repoRoot: context.repoRoot,
        redisUrl: context.redisUrl,
        databaseUrl: db.url,
        port,
        env: { LOGIN_RATE_LIMIT: '10000', LOGIN_IP_RATE_LIMIT: '100000' },
      });
      const base = `http://127.0.0.1:${port}`;
      const { token, userId } = await signInPro(db.prisma, base);
      // A signed-in page checks the caller's plan in its first statement: the raw loop runs that too.
      const proCheck = { userId, pro: true };
      const auth = { authorization: `Bearer ${token}` };
      const topic = await db.prisma.topic.findUniqueOrThrow({ where: { slug: 'engineering' } });
      const window = freeWindow(new Date(), TZ);
      // The source filter at its hardest: the source with the fewest English rows.
      const [sparse] = await pool
        .query<{ source_name: string }>(
          `SELECT d.source_name FROM datasources d
         LEFT JOIN summaries s ON s.datasource_id = d.id AND s.language = 'EN'
         GROUP BY d.id ORDER BY count(s.id), d.source_name LIMIT 1`,
        )
        .then((r) => r.rows);
      if (!sparse) throw new Error('no datasource to filter by');
      // The API looks the name up first (one more round trip, counted on its side only).
      const sparseIds = await pool
        .query<{ id: string }>('SELECT id FROM datasources WHERE source_name = $1 ORDER BY id', [
          sparse.source_name,
        ])
        .then((r) => r.rows.map((row) => row.id));
      const since = new Date(Date.now() - 90 * 86_400_000);

      const cases: {
        name: string;
        url: string;
        headers?: Record<string, string>;
        filters: SummaryFilters;
        cap: number;
        goal?: 'list' | 'search';
        /**
         * Not one of the goal's cases (a list page, a search, a filtered search): the ratio is reported
         * without the 1.2× goal. The source filter's case is there for its plan at 1M rows (it once took
         * seconds); its SQL takes about 1 ms, so the API's fixed cost (HTTP, the plan check and the source
         * lookup, one round trip each) sets its ratio.
         */
        ratioReportedOnly?: true;
      }[] = [
        {
          name: 'list page (visitor, two-day window)',
          url: `${base}/api/summaries?language=en`,
          filters: { language: 'EN', from: window.from, to: window.to },
          cap: 1000,
          goal: 'list',
        },
        {
          name: 'list page 3 (pro, whole archive)',
          url: `${base}/api/summaries?language=en&page=3`,
          headers: auth,
          filters: { language: 'EN' },
          cap: 1000,
        },
        {
          name: 'one source, fewest English rows (pro, whole archive)',
          url: `${base}/api/summaries?language=en&source=${encodeURIComponent(sparse.source_name)}`,
          headers: auth,
          filters: { language: 'EN', datasourceIds: sparseIds },
          cap: 1000,
          ratioReportedOnly: true,
        },
        {
          name: 'English search',
          url: `${base}/api/summaries?language=en&q=${EN_TERM}`,
          headers: auth,
          filters: { language: 'EN', q: EN_TERM },
          cap: 200,
          goal: 'search',
        },
        {
          name: 'Chinese search (4 characters)',
          url: `${base}/api/summaries?language=zh&q=${encodeURIComponent(ZH_TERM)}`,
          headers: auth,
          filters: { language: 'ZH', q: ZH_TERM },
          cap: 200,
          goal: 'search',
        },
        {
          name: 'filtered search (topic, platforms, 90 days)',
          url: `${base}/api/summaries?language=en&q=${EN_TERM}&topic=${topic.id}&platforms=blog,youtube,podcast&date_from=${since.toISOString()}`,
          headers: auth,
          filters: {
            language: 'EN',
            q: EN_TERM,
            topicId: topic.id,
            platforms: ['blog', 'youtube', 'podcast'],
            from: since,
          },
          cap: 200,
          goal: 'search',
        },
      ];

      // Both sides warm first (the gateway's JIT, the pool's connections), so the first case is not
      // measured against a cold process.
      context.log('warming up: API and raw SQL, 2 s each');
      await load(cases[0]!.url, { connections: CONCURRENCY, seconds: 2, headers: cases[0]!.headers });
      await rawLoad(pool, cases[0]!.filters, { limit: 25, offset: 0, cap: 1000 }, CONCURRENCY, 2);

      const figures: Figure[] = [];
      for (const c of cases) {
        const offset = c.name.startsWith('list page 3') ? 50 : 0;
        context.log(`${c.name}: raw SQL`);
        // What the API runs for a page: the same statements, through the same function.
        const check = c.headers ? proCheck : undefined;
        const raw = await rawLoad(
          pool,
          c.filters,
          { limit: 25, offset, cap: c.cap },
          CONCURRENCY,
          seconds,
          check,
        );
        context.log(`${c.name}: API`);
        const api = await load(c.url, { connections: CONCURRENCY, seconds, headers: c.headers });
        if (api.non2xx > 0 || api.errors > 0)
          throw new Error(`${c.name}: ${api.non2xx} non-2xx, ${api.errors} errors`);
        const ratio = api.p50 / Math.max(raw.p50, 0.01);
        figures.push(
          {
            scenario: 'summaries',
            figure: `${c.name} throughput`,
            value: api.requestsPerSecond,
            unit: 'req/s',
            ...(c.goal === 'list'
              ? { goal: '≥ 1500 req/s on 2 cores', pass: api.requestsPerSecond >= 1500 }
              : {}),
          },
          { scenario: 'summaries', figure: `${c.name} p50`, value: api.p50, unit: 'ms' },
          {
            scenario: 'summaries',
            figure: `${c.name} p99`,
            value: api.p99,
            unit: 'ms',
            ...(c.goal === 'search' ? { goal: '≤ 40 ms', pass: api.p99 <= 40 } : {}),
          },
          {
            scenario: 'summaries',
            figure: `${c.name} API p50 / raw SQL p50`,
            value: ratio,
            unit: '×',
            baseline: { label: 'p50 of the same SQL on a pg pool', value: raw.p50, unit: 'ms' },
            ratio,
            ...(c.ratioReportedOnly ? {} : { goal: '≤ 1.2×', pass: ratio <= 1.2 }),
          },
        );
      }
      figures.push({ scenario: 'summaries', figure: 'summaries in the table', value: rows, unit: 'rows' });
      return figures;
    } finally {
      await gateway?.stop();
      await pool.end();
      await db.drop();
    }
  },
};

/** Runs a page's statements (querySummaryPage) on the pool from `concurrency` loops for `seconds`. */
async function rawLoad(
  pool: pg.Pool,
  filters: SummaryFilters,
  page: PageWindow,
  concurrency: number,
  seconds: number,
  check?: PlanCheck,
): Promise<{ p50: number; p99: number; perSecond: number }> {
  const run: SqlRunner = async (s) =>
    (await pool.query({ name: s.name, text: s.text, values: s.values })).rows;
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await querySummaryPage(run, filters, page, check);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    perSecond: latencies.length / seconds,
  };
}

/**
 * Bulk rows in SQL: half English (30 words from a 20,000-word made-up vocabulary plus common
 * words), half Chinese (20 two-character words from a 400-word list), spread over a year, over
 * the seeded datasources. The search indexes are dropped first and rebuilt once afterwards (same
 * definitions as the migration). Batches and the two index builds run on two connections at once
 * (the machine has two cores); at 1M rows this is still minutes, so each step is logged.
 */
export async function fill(pool: pg.Pool, rows: number, log: (message: string) => void = () => undefined) {
  const session = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query(`SET maintenance_work_mem = '256MB'`);
      return await work(client);
    } finally {
      client.release();
    }
  };
  await pool.query('DROP INDEX IF EXISTS summaries_search_en_idx');
  await pool.query('DROP INDEX IF EXISTS summaries_search_trgm_idx');
  const batch = 50_000;
  let next = 0;
  let done = 0;
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  await Promise.all(
    [0, 1].map(() =>
      session(async (client) => {
        while (next < rows) {
          const start = next;
          const end = Math.min(rows, start + batch);
          next = end;
          await client.query(INSERT_SUMMARIES, [start, end, ZH_VOCAB]);
          done += end - start;
          if (done % 200_000 === 0 || done === rows) log(`  ${done.toLocaleString()} rows (${elapsed()})`);
        }
      }),
    ),
  );
  log(`  building the search indexes (${elapsed()})`);
  await Promise.all(
    [
      `CREATE INDEX "summaries_search_en_idx" ON "summaries" USING GIN (to_tsvector('english'::regconfig, "headline" || ' ' || "content"))`,
      `CREATE INDEX "summaries_search_trgm_idx" ON "summaries" USING GIN (("headline" || ' ' || "content") gin_trgm_ops)`,
    ].map((statement) => session((client) => client.query(statement))),
  );
  // Every table: the planner needs the datasources' statistics as much as the summaries'. VACUUM
  // too: a table in use has been vacuumed (autovacuum reacts to a million inserts within minutes),
  // so its index-only scans skip the heap; a table measured seconds after a bulk load would pay a
  // heap visit per counted row, and autovacuum could start in the middle of the measurements.
  await pool.query('VACUUM (ANALYZE)');
  log(`  indexes built and analysed (${elapsed()})`);
}

const INSERT_SUMMARIES = `
  WITH ds AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(topic_id ORDER BY id) AS topics,
                     array_agg(platform::text ORDER BY id) AS platforms FROM datasources),
  g AS (SELECT i, ds.ids[1 + (i % array_length(ds.ids, 1))] AS ds_id,
               ds.topics[1 + (i % array_length(ds.ids, 1))] AS topic_id,
               ds.platforms[1 + (i % array_length(ds.ids, 1))] AS platform
        FROM generate_series($1::int, $2::int - 1) i, ds)
  INSERT INTO summaries (id, headline, content, summary_type, language, source_urls, metadata,
                         datasource_id, topic_id, created_at, updated_at)
  SELECT gen_random_uuid(),
    CASE WHEN i % 2 = 0 THEN 'Weekly notes ' || i ELSE '每周笔记 ' || i END,
    CASE WHEN i % 2 = 0 THEN
      (SELECT string_agg(CASE WHEN k % 3 = 0 THEN (ARRAY['the','team','release','data','users','build','model','growth','launch','design'])[1 + abs(hashint4(i * 7 + k)) % 10]
                              WHEN abs(hashint4(i * 13 + k)) % 30000 = 0 THEN '${EN_TERM}'
                              ELSE 'w' || (abs(hashint4(i * 31 + k)) % 20000)::text END, ' ')
       FROM generate_series(1, 30) k)
    ELSE
      (SELECT string_agg(($3::text[])[1 + abs(hashint4(i * 31 + k)) % array_length($3::text[], 1)], '')
       FROM generate_series(1, 20) k)
    END,
    'blog_post', CASE WHEN i % 2 = 0 THEN 'EN' ELSE 'ZH' END::"Language",
    ARRAY['https://example.com/' || i], jsonb_build_object('platform', platform),
    ds_id, topic_id, now() - ((i::bigint * 7919) % (365 * 86400)) * interval '1 second', now()
  FROM g`;

const ZH_VOCAB = (() => {
  const chars =
    '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理府研质证受制';
  const words = new Set<string>();
  for (let i = 0; i < chars.length && words.size < 400; i++) {
    for (let j = 1; j <= 3 && words.size < 400; j++)
      words.add(chars[i]! + chars[(i * 7 + j * 13) % chars.length]!);
  }
  // Some real words, including the two halves of the searched term.
  return [...words, '向量', '检索', '智能', '模型', '数据', '产品', '增长', '融资'];
})();

export async function signInPro(
  prisma: PrismaClient,
  base: string,
): Promise<{ token: string; userId: string }> {
  const user = await seedUser(prisma, { email: 'bench-pro@example.com', plan: 'pro' });
  return apiSignIn(base, user.email);
}
