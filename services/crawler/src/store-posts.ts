import type { PrismaClient, SqlRunner } from '@app/db';
import { urlHash } from './parse/canonical-url.ts';
import type { CrawledPost } from './platforms/index.ts';

/** PostgreSQL text cannot hold NUL; some feeds contain it. */
const NUL = String.fromCharCode(0);

/**
 * The rows go to the statement as up to this many JSON parameters (unused ones null), each of at
 * most PART_CHARS: V8 allocates a string over 128 KiB (64 Ki characters of Chinese text) in its
 * large-object space, which costs about a millisecond each time, where a few smaller strings of the
 * same total cost a few dozen microseconds. A row longer than PART_CHARS takes a part of its own;
 * the last part takes whatever rows are left.
 */
const STORE_PARTS = 16;
const PART_CHARS = 60_000;

export type StoredPost = {
  id: string;
  urlHash: string;
  /** A new row. */
  inserted: boolean;
  /** Inserted, or an existing row whose content changed. */
  written: boolean;
  /** Still waiting for its summary (new, or left unqueued by an interrupted crawl). */
  pending: boolean;
};

/**
 * One statement that upserts the posts of one or more crawls (each of a different datasource),
 * keyed by (datasource, sha256 of the canonical URL), and returns every post of those crawls that is
 * written or still pending. A re-crawl updates changed rows and never duplicates; unchanged rows are
 * not written. The second branch reads the statement's snapshot, which holds the rows as they were
 * before the upsert, so a row the upsert touched is reported once, from the upsert.
 */
const STORE_POSTS_SQL = `
  WITH input AS (
    SELECT r.ds, r.url, r.hash, r.title, r.content, r.author, r.published_at, coalesce(r.metadata, '{}'::jsonb) AS metadata
    FROM unnest(ARRAY[${Array.from({ length: STORE_PARTS }, (_, i) => `$${i + 1}::jsonb`).join(', ')}]) AS part(rows)
    CROSS JOIN LATERAL jsonb_to_recordset(part.rows)
      AS r(ds uuid, url text, hash text, title text, content text, author text, published_at timestamptz, metadata jsonb)
  ), upserted AS (
    INSERT INTO posts (id, datasource_id, url, url_hash, title, content, author, published_at, metadata, status, created_at, updated_at)
    SELECT gen_random_uuid(), i.ds, i.url, i.hash, i.title, i.content, i.author, i.published_at, i.metadata,
           'pending'::"PostStatus", now(), now()
    FROM input i
    ON CONFLICT (datasource_id, url_hash) DO UPDATE SET
      title = EXCLUDED.title,
      content = EXCLUDED.content,
      author = EXCLUDED.author,
      published_at = coalesce(EXCLUDED.published_at, posts.published_at),
      metadata = EXCLUDED.metadata,
      updated_at = now()
    WHERE (posts.title, posts.content, posts.author, posts.metadata)
      IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.content, EXCLUDED.author, EXCLUDED.metadata)
    RETURNING id, datasource_id, url_hash, (xmax = 0) AS inserted, status = 'pending'::"PostStatus" AS pending
  )
  SELECT id, datasource_id, url_hash, inserted, true AS written, pending FROM upserted
  UNION ALL
  SELECT p.id, p.datasource_id, p.url_hash, false, false, true
  FROM input i
  -- One unique-index probe per item (LIMIT keeps the planner from pairing the status index with it).
  CROSS JOIN LATERAL (
    SELECT id, datasource_id, url_hash, status FROM posts WHERE datasource_id = i.ds AND url_hash = i.hash LIMIT 1
  ) p
  WHERE p.status = 'pending'::"PostStatus" AND NOT EXISTS (SELECT 1 FROM upserted u WHERE u.id = p.id)`;

export type StoreCall = { datasourceId: string; posts: CrawledPost[] };

/**
 * Stores the posts of several crawls in one statement; each call gets its own posts' outcomes.
 * The datasources must differ (one statement cannot upsert a row twice): crawl-store.ts batches so.
 */
export async function storePostsOfCrawls(sql: SqlRunner, calls: StoreCall[]): Promise<StoredPost[][]> {
  // Rows in datasource order, so statements running side by side take their row locks in one order.
  const ordered = [...calls].sort((a, b) => (a.datasourceId < b.datasourceId ? -1 : 1));
  const rows = ordered.flatMap(({ datasourceId, posts }) =>
    posts.map((post) => ({
      ds: datasourceId,
      url: post.url,
      hash: urlHash(post.url),
      title: post.title.replaceAll(NUL, ''),
      content: post.content.replaceAll(NUL, ''),
      author: post.author?.replaceAll(NUL, '') ?? null,
      published_at:
        post.publishedAt && !Number.isNaN(post.publishedAt.getTime()) ? post.publishedAt.toISOString() : null,
      metadata: post.metadata,
    })),
  );
  if (rows.length === 0) return calls.map(() => []);
  const result = await sql<{
    id: string;
    datasource_id: string;
    url_hash: string;
    inserted: boolean;
    written: boolean;
    pending: boolean;
  }>({ name: 'crawler_store_posts', text: STORE_POSTS_SQL, values: jsonParts(rows) });
  const byDatasource = new Map<string, StoredPost[]>(calls.map((call) => [call.datasourceId, []]));
  for (const row of result) {
    byDatasource.get(row.datasource_id)?.push({
      id: row.id,
      urlHash: row.url_hash,
      inserted: row.inserted,
      written: row.written,
      pending: row.pending,
    });
  }
  return calls.map((call) => byDatasource.get(call.datasourceId) ?? []);
}

/** The rows as STORE_PARTS JSON arrays (null for an unused part), each within PART_CHARS where it can be. */
function jsonParts(rows: unknown[]): (string | null)[] {
  const parts: (string | null)[] = [];
  let current: string[] = [];
  let size = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (current.length > 0 && size + json.length > PART_CHARS && parts.length < STORE_PARTS - 1) {
      parts.push(`[${current.join(',')}]`);
      current = [];
      size = 0;
    }
    current.push(json);
    size += json.length + 1;
  }
  if (current.length > 0) parts.push(`[${current.join(',')}]`);
  while (parts.length < STORE_PARTS) parts.push(null);
  return parts;
}

/** Which of these URL hashes the datasource already has. */
export async function existingHashes(
  prisma: PrismaClient,
  datasourceId: string,
  hashes: string[],
): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await prisma.post.findMany({
    where: { datasourceId, urlHash: { in: hashes } },
    select: { urlHash: true },
  });
  return new Set(rows.map((r) => r.urlHash));
}
