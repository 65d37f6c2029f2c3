import { pgPoolOf } from '@app/db';
import { inTransaction } from '@app/stories/store';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Clustering runs its transactions on a client checked out of the pool. When PostgreSQL restarts
// mid-transaction that client's connection drops: the transaction fails, and the process lives on.

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

describe('a story transaction whose connection drops', () => {
  it('fails that transaction and leaves the process and the pool working', async () => {
    const transaction = inTransaction(db.prisma, async (run) => {
      const [row] = await run<{ pid: number }>({ text: 'SELECT pg_backend_pid() AS pid', values: [] });
      // Another connection of the same pool ends this one, as a restart would.
      await db.prisma.$queryRawUnsafe(`SELECT pg_terminate_backend(${Number(row!.pid)})`);
      // The socket closes and the client emits 'error' while still checked out.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await run({ text: 'SELECT 1', values: [] });
    });
    await expect(transaction).rejects.toThrow();
    const again = await inTransaction(db.prisma, (run) =>
      run<{ one: number }>({ text: 'SELECT 1 AS one', values: [] }),
    );
    expect(again).toEqual([{ one: 1 }]);
  });
});

describe('a script of statements sent as one message', () => {
  // Its values travel as quoted literals: whatever a headline holds comes back as it went in.
  it('keeps hostile text, arrays and placeholders inside values intact and injects nothing', async () => {
    const hostile = [
      "O'Brien'); DROP TABLE summaries; --",
      "back\\slash \\' and E'\\x41'",
      '$1 $2 $$ dollar $tag$ quoted $tag$',
      '"{braces}", [brackets] 中文标题 😀',
    ];
    const rows = await inTransaction(db.prisma, async (_run, script) => {
      const [texts, arrays] = await script(
        [
          { text: 'SELECT $1::text AS a, $2::text AS b, $3::text AS c, $4::text AS d', values: hostile },
          {
            text: 'SELECT $1::text[] AS list, $2::int[] AS numbers, $3::text AS missing',
            values: [hostile, [1, -2], null],
          },
        ],
        { commit: true },
      );
      return { texts: texts![0], arrays: arrays![0] };
    });
    expect(rows.texts).toEqual({ a: hostile[0], b: hostile[1], c: hostile[2], d: hostile[3] });
    expect(rows.arrays).toEqual({ list: hostile, numbers: [1, -2], missing: null });
    const tables = await db.prisma.$queryRawUnsafe<{ exists: boolean }[]>(
      "SELECT to_regclass('summaries') IS NOT NULL AS exists",
    );
    expect(tables).toEqual([{ exists: true }]);
  });
});

describe('the commit of a story transaction', () => {
  // Decisions are derived data: their commit skips the WAL flush, and only theirs.
  it('does not wait for the flush, in that transaction only, whichever call opens it', async () => {
    const settings = async (open: 'run' | 'script') =>
      inTransaction(db.prisma, async (run, script) => {
        const show = {
          text: "SELECT current_setting('synchronous_commit') AS mode, pg_backend_pid() AS pid",
          values: [],
        };
        const [row] =
          open === 'run'
            ? await run<{ mode: string; pid: number }>(show)
            : ((await script([show], { commit: true }))[0] as { mode: string; pid: number }[]);
        return row!;
      });
    let pid = 0;
    for (const open of ['run', 'script'] as const) {
      const inside = await settings(open);
      expect(inside.mode).toBe('off');
      pid = inside.pid;
    }
    // The same pooled connection afterwards (the pool hands out its last idle client first),
    // outside any story transaction: the default again.
    const client = await pgPoolOf(db.prisma)!.connect();
    try {
      const { rows } = await client.query(
        "SELECT current_setting('synchronous_commit') AS mode, pg_backend_pid() AS pid",
      );
      expect(rows[0]).toEqual({ mode: 'on', pid });
    } finally {
      client.release();
    }
  });
});
