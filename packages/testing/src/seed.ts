import { hashPassword, type Prisma, type PrismaClient } from '@app/db';

/**
 * Rows a test needs before it starts, written straight to the database as the seed or an admin
 * would. Each factory fills what the schema requires with plain defaults and makes the unique
 * columns (email, slug) unique per call, so tests that share a database never collide; anything the
 * test cares about it passes in.
 */

let counter = 0;
const next = () => {
  counter += 1;
  return `${Date.now().toString(36)}-${counter}`;
};

/** An email address no other call of this process returns (`label-…@example.com`). */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${next()}@example.com`;
}

/** A slug no other call returns (`label-…`). */
export function uniqueSlug(label = 'topic'): string {
  return `${label}-${next()}`;
}

/** The password of seeded users unless a test gives its own. */
export const SEED_PASSWORD = 'correct-horse';

export type SeedUser = {
  email?: string;
  /** null: an account without a password (signed up with Google). */
  password?: string | null;
  role?: 'user' | 'admin';
  plan?: 'free' | 'pro';
  /** false: the address is not confirmed yet. */
  verified?: boolean;
  /** false: no profile row (a user from before profiles, or one being made). */
  profile?: boolean;
};

/** A user with a profile, verified and with a password by default; returns the row and its password. */
export async function seedUser(prisma: PrismaClient, user: SeedUser = {}) {
  const password = user.password === undefined ? SEED_PASSWORD : user.password;
  const row = await prisma.user.create({
    data: {
      email: user.email ?? uniqueEmail(user.role ?? 'user'),
      passwordHash: password === null ? null : await hashPassword(password),
      emailVerifiedAt: user.verified === false ? null : new Date(),
      ...(user.profile === false
        ? {}
        : { profile: { create: { role: user.role ?? 'user', subscriptionType: user.plan ?? 'free' } } }),
    },
  });
  return { ...row, password: password ?? '' };
}

/** A topic with a unique slug; `name` defaults to the slug's label. */
export function seedTopic(prisma: PrismaClient, topic: Partial<Prisma.TopicUncheckedCreateInput> = {}) {
  const name = topic.name ?? 'Test Topic';
  return prisma.topic.create({
    data: { ...topic, name, slug: topic.slug ?? uniqueSlug(slugLabel(name)) },
  });
}

/** A blog source of `topicId` with a unique feed address. */
export function seedDatasource(
  prisma: PrismaClient,
  source: Partial<Prisma.DatasourceUncheckedCreateInput> & { topicId: string },
) {
  const key = next();
  return prisma.datasource.create({
    data: {
      platform: 'blog',
      sourceName: `Test Blog ${key}`,
      sourceUrl: `https://blog-${key}.example.com/feed.xml`,
      ...source,
    },
  });
}

/** A summary (an English blog post's unless told otherwise). */
export function seedSummary(prisma: PrismaClient, summary: Partial<Prisma.SummaryUncheckedCreateInput> = {}) {
  return prisma.summary.create({
    data: {
      headline: 'A test summary',
      content: 'What happened, in a few sentences.',
      summaryType: 'blog_post',
      language: 'EN',
      ...summary,
    },
  });
}

const slugLabel = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'topic';

/**
 * Signs in through a running gateway's API (`POST /api/auth/login`), as a browser's first request
 * would; returns the access token and the user's id from it.
 */
export async function apiSignIn(
  baseUrl: string,
  email: string,
  password: string = SEED_PASSWORD,
): Promise<{ token: string; userId: string }> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: string };
  if (response.status !== 200 || !body.access_token) {
    throw new Error(`sign-in as ${email} answered ${response.status}: ${JSON.stringify(body)}`);
  }
  const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1] ?? '', 'base64url').toString());
  return { token: body.access_token, userId: String(claims.sub) };
}
