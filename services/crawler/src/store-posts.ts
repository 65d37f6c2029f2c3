import { type PrismaClient, Prisma } from '@app/db';
import { urlHash } from './parse/canonical-url.ts';
import type { CrawledPost } from './platforms/index.ts';

/** PostgreSQL text cannot hold NUL; some feeds contain it. */
const NUL = String.fromCharCode(0);

export type StoredPost = { id: string; urlHash: string; inserted: boolean };

/**
 * Upserts a crawl's posts in one statement, keyed by (datasource, sha256 of the canonical URL):
 * a re-crawl updates changed rows and never duplicates. Unchanged rows are left alone (no
 * write). Returns the rows inserted or updated.
 */
export async function storePosts(
  prisma: PrismaClient,
  datasourceId: string,
  posts: CrawledPost[],
): Promise<StoredPost[]> {
  if (posts.length === 0) return [];
  const rows = posts.map((post) => ({
    url: post.url,
    hash: urlHash(post.url),
    title: post.title.replaceAll(NUL, ''),
    content: post.content.replaceAll(NUL, ''),
    author: post.author?.replaceAll(NUL, '') ?? null,
    published_at:
      post.publishedAt && !Number.isNaN(post.publishedAt.getTime()) ? post.publishedAt.toISOString() : null,
    metadata: post.metadata,
  }));
  const result = await prisma.$queryRaw<{ id: string; url_hash: string; inserted: boolean }[]>(Prisma.sql`
    INSERT INTO posts (id, datasource_id, url, url_hash, title, content, author, published_at, metadata, status, created_at, updated_at)
    SELECT gen_random_uuid(), ${datasourceId}::uuid, r.url, r.hash, r.title, r.content, r.author, r.published_at, coalesce(r.metadata, '{}'::jsonb),
           'pending'::"PostStatus", now(), now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS r(url text, hash text, title text, content text, author text, published_at timestamptz, metadata jsonb)
    ON CONFLICT (datasource_id, url_hash) DO UPDATE SET
      title = EXCLUDED.title,
      content = EXCLUDED.content,
      author = EXCLUDED.author,
      published_at = coalesce(EXCLUDED.published_at, posts.published_at),
      metadata = EXCLUDED.metadata,
      updated_at = now()
    WHERE (posts.title, posts.content, posts.author, posts.metadata)
      IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.content, EXCLUDED.author, EXCLUDED.metadata)
    RETURNING id, url_hash, (xmax = 0) AS inserted`);
  return result.map((row) => ({ id: row.id, urlHash: row.url_hash, inserted: row.inserted }));
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
