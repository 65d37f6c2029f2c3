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
