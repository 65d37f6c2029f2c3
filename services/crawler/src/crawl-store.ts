import { createSqlRunner, type Datasource, platformFromId, type PrismaClient, type SqlRunner } from '@app/db';
import { batchCalls } from './batch-calls.ts';
import { recordSuccesses, type SuccessRecord } from './health.ts';
import type { CrawledPost } from './platforms/index.ts';
import { type StoreCall, type StoredPost, storePostsOfCrawls } from './store-posts.ts';

/**
 * A crawl's three statements on its hot path (load the source, store its posts, record its
 * success), each shared with the concurrent crawls that reach the same step in the same turn of the
 * event loop. Besides the rows, a statement costs PostgreSQL a fixed amount and a wake-up of a
 * backend (and of the WAL writer), which on a small machine takes the crawler's core: shared by up
 * to 8 crawls, those costs are paid once, and the crawler's client makes one round trip.
 * A statement that fails is run again for each of its crawls alone (batchCalls), so one crawl's bad
 * row never fails another crawl.
 */
export type CrawlStore = {
  loadDatasource(id: string): Promise<Datasource | null>;
  storePosts(datasourceId: string, posts: CrawledPost[]): Promise<StoredPost[]>;
  recordSuccess(record: SuccessRecord): Promise<void>;
};

/** At most this many crawls share a statement; a store statement also stops at about 4 MB of posts. */
const MAX_CRAWLS_PER_STATEMENT = 8;
const MAX_STORE_CHARS = 4_000_000;

const stores = new WeakMap<PrismaClient, CrawlStore>();

/** The client's crawl store (one per client, so every crawl on that client shares its batches). */
export function crawlStoreFor(prisma: PrismaClient): CrawlStore {
  let store = stores.get(prisma);
  if (!store) {
    store = createCrawlStore(createSqlRunner(prisma));
    stores.set(prisma, store);
  }
  return store;
}

export function createCrawlStore(sql: SqlRunner): CrawlStore {
  const load = batchCalls<string, Datasource | null>((ids) => loadDatasources(sql, ids), {
    maxCalls: MAX_CRAWLS_PER_STATEMENT,
  });
  const store = batchCalls<StoreCall, StoredPost[]>((calls) => storePostsOfCrawls(sql, calls), {
    maxCalls: MAX_CRAWLS_PER_STATEMENT,
    distinctBy: (call) => call.datasourceId,
    maxWeight: MAX_STORE_CHARS,
    weight: (call) => call.posts.reduce((n, post) => n + post.content.length + post.title.length, 0),
  });
  const success = batchCalls<SuccessRecord, undefined>(
    async (records) => {
      await recordSuccesses(sql, records);
      return records.map(() => undefined);
    },
    { maxCalls: MAX_CRAWLS_PER_STATEMENT, distinctBy: (record) => record.datasourceId },
  );
  return {
    loadDatasource: load,
    storePosts: (datasourceId, posts) =>
      posts.length === 0 ? Promise.resolve([]) : store({ datasourceId, posts }),
    recordSuccess: success,
  };
}

/** The datasource rows of these ids, in order (null for a missing one); plain SQL on the hot path. */
export async function loadDatasources(
  sql: SqlRunner,
  ids: readonly string[],
): Promise<(Datasource | null)[]> {
  const rows = await sql<Omit<Datasource, 'platform'> & { platform: string }>({
    name: 'crawler_load_datasources',
    text: LOAD_DATASOURCES_SQL,
    values: [ids],
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) return null;
    // The column holds the platform's id (twitter-rss); the model's enum names it twitter_rss.
    const platform = platformFromId(row.platform);
    if (!platform) throw new Error(`Datasource ${id} has an unknown platform ${row.platform}`);
    return { ...row, platform };
  });
}

const LOAD_DATASOURCES_SQL = `
  SELECT id, topic_id AS "topicId", platform, source_name AS "sourceName", source_url AS "sourceUrl", language,
         language_unconfirmed AS "languageUnconfirmed", html_url AS "htmlUrl", is_active AS "isActive", config, last_crawled_at AS "lastCrawledAt", last_success_at AS "lastSuccessAt",
         last_error_at AS "lastErrorAt", last_error_class AS "lastErrorClass", last_error_message AS "lastErrorMessage",
         consecutive_failures AS "consecutiveFailures", next_check_at AS "nextCheckAt", etag,
         last_modified AS "lastModified", created_at AS "createdAt", updated_at AS "updatedAt"
  FROM datasources WHERE id = ANY($1::uuid[])`;
