import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers/test-database.ts';
import {
  closePrisma,
  createPrismaClient,
  DEFAULT_DATABASE_URL,
  getPrisma,
  hashPassword,
  pgPoolOf,
  Language,
  migrate,
  PLATFORM_DEFAULT_CONFIG,
  Platform,
  Prisma,
  Role,
  SubscriptionType,
  seed,
  type User,
  verifyPassword,
} from '../src/index.ts';

describe('@app/db public API', () => {
  it('exports the client factories, generated enums and helpers', async () => {
    expect(DEFAULT_DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/daily_curated');
    expect(Role.admin).toBe('admin');
    expect(SubscriptionType.pro).toBe('pro');
    expect(Language.ZH).toBe('ZH');
    expect(Platform.twitter_rss).toBe('twitter_rss');
    expect(typeof Prisma.sql).toBe('function');
    expect(Object.keys(PLATFORM_DEFAULT_CONFIG)).toHaveLength(8);
    for (const fn of [createPrismaClient, hashPassword, verifyPassword, migrate, seed])
      expect(fn).toBeTypeOf('function');
    const user: Pick<User, 'email' | 'passwordHash'> = { email: 'a@b.c', passwordHash: null };
    expect(user.email).toBe('a@b.c');
  });

  it('shares one lazily created client until closed', async () => {
    const first = getPrisma();
    expect(getPrisma()).toBe(first);
    await closePrisma();
    expect(getPrisma()).not.toBe(first);
    await closePrisma();
  });

  it('makes a client whose sessions commit without waiting for the WAL flush when asked', async () => {
    const db = await createTestDatabase();
    const asyncCommit = createPrismaClient(db.url, { asyncCommit: true });
    const plain = createPrismaClient(db.url);
    try {
      const setting = (client: typeof plain) =>
        client.$queryRaw<{ synchronous_commit: string }[]>`SHOW synchronous_commit`;
      expect(await setting(asyncCommit)).toEqual([{ synchronous_commit: 'off' }]);
      expect(await setting(plain)).toEqual([{ synchronous_commit: 'on' }]);
    } finally {
      await asyncCommit.$disconnect();
      await plain.$disconnect();
      await db.drop();
    }
  });

  it('runs a transaction that had to wait for a connection, instead of failing it', async () => {
    const db = await createTestDatabase();
    const client = createPrismaClient(db.url);
    try {
      const pool = pgPoolOf(client)!;
      // Every connection of the pool busy for 3 s (longer than Prisma's own 2 s wait).
      const busy = Array.from({ length: pool.options.max ?? 10 }, () => pool.query('SELECT pg_sleep(3)'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const answer = await client.$transaction(
        async (tx) => tx.$queryRaw<{ one: number }[]>`SELECT 1 AS one`,
      );
      expect(answer).toEqual([{ one: 1 }]);
      await Promise.all(busy);
    } finally {
      await client.$disconnect();
      await db.drop();
    }
  }, 30_000);
});
