import {
  createTestDatabase,
  freePort,
  type ServiceProcess,
  type SmtpCapture,
  spawnService,
  startSmtpCapture,
  type TestDatabase,
  cleanupPrefix,
  testTransportOptions,
  waitFor,
  waitForHealthy,
} from '@app/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dueZoneNow, insertSubscribers, insertSummaries, insertTopics } from './support/digest-fixtures.ts';

/**
 * A mailer process killed in the middle of a 1,000-recipient send, then started again: everyone
 * gets exactly one digest. After SIGTERM (a deploy) the claimed sends finish first; after SIGKILL (a
 * crash) the sends the server had not yet answered are sent again once their lease lapses.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cwd = new URL('..', import.meta.url).pathname;
const TOTAL = 1000;

let db: TestDatabase;
let smtp: SmtpCapture;
let prefix: string;
let redisUrl: string;
const children: ServiceProcess[] = [];

beforeEach(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpCapture();
  const options = testTransportOptions(db.url);
  prefix = `${options.prefix}_crash_${Math.random().toString(36).slice(2, 6)}`;
  redisUrl = options.redisUrl;
  const { timeZone, date } = dueZoneNow();
  const topics = await insertTopics(db.prisma, 5);
  await insertSummaries(
    db.prisma,
    topics.map((t) => t.id),
    date,
    timeZone,
  );
  await insertSubscribers(db.prisma, { count: TOTAL, timeZone, topicIds: topics.map((t) => t.id) });
});

afterEach(async () => {
  for (const child of children.splice(0)) await child.stop('SIGKILL');
  await smtp.close();
  await cleanupPrefix(prefix);
  await db.drop();
});

async function startMailer(): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawnService({
    entry: 'src/main.ts',
    cwd,
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: prefix,
      SMTP_URL: smtp.url,
      HEALTH_PORT: String(port),
      PUBLIC_URL: 'http://app.test',
      LOG_LEVEL: 'warn',
      DIGEST_SCHEDULER: 'true',
      DIGEST_TICK_SECONDS: '5',
      DIGEST_LEASE_SECONDS: '10',
    },
  });
  children.push(child);
  await waitForHealthy(child, `http://127.0.0.1:${port}/readyz`);
  return child;
}

const statusCounts = async () => {
  const rows = await db.prisma.emailDelivery.groupBy({ by: ['status'], _count: true });
  return Object.fromEntries(rows.map((r) => [r.status, r._count])) as Record<string, number>;
};

function perRecipient(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of smtp.messages) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

describe('killing the mailer half-way through 1,000 subscribers', () => {
  it('SIGTERM, then a restart: every subscriber gets exactly one digest', { timeout: 90_000 }, async () => {
    const first = await startMailer();
    await waitFor(() => smtp.messages.length >= TOTAL / 3, { timeoutMs: 30_000, message: 'a third sent' });
    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    const halfway = smtp.messages.length;
    expect(halfway).toBeLessThan(TOTAL);
    // Graceful: what was claimed was finished and recorded.
    expect((await statusCounts()).sending ?? 0).toBe(0);

    await startMailer();
    await waitFor(() => smtp.messages.length >= TOTAL, { timeoutMs: 60_000, message: 'all 1,000 digests' });
    // One more tick finds nobody left.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(smtp.messages.length).toBe(TOTAL);
    const counts = perRecipient();
    expect(counts.size).toBe(TOTAL);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(await statusCounts()).toEqual({ sent: TOTAL });
  });

  it('SIGKILL while sends wait for the server, then a restart: every subscriber gets exactly one', {
    timeout: 90_000,
  }, async () => {
    const first = await startMailer();
    await waitFor(() => smtp.messages.length >= TOTAL / 3, { timeoutMs: 30_000, message: 'a third sent' });
    // The server stops answering: the pool's messages wait for their 250 while the process dies.
    smtp.hold();
    await waitFor(() => smtp.heldCount >= 1, {
      timeoutMs: 10_000,
      message: 'a message waiting for its reply',
    });
    await sleep(500);
    await first.stop('SIGKILL');
    const claimedAtCrash = (await statusCounts()).sending ?? 0;
    // Claims never run ahead of the SMTP pool (5 connections); the unanswered ones are among them.
    expect(claimedAtCrash).toBeGreaterThanOrEqual(smtp.heldCount);
    expect(claimedAtCrash).toBeLessThanOrEqual(5);
    const deliveredAtCrash = smtp.messages.length;
    expect((await statusCounts()).sent).toBe(deliveredAtCrash);
    await sleep(300);
    const heldAtCrash = smtp.heldCount;
    smtp.release();
    await waitFor(() => smtp.dropped.length === heldAtCrash, { message: 'the unanswered messages dropped' });
    expect(smtp.messages.length).toBe(deliveredAtCrash);

    await startMailer();
    // Everyone else at once; the interrupted rows once their lease has lapsed.
    await waitFor(() => smtp.messages.length >= TOTAL, { timeoutMs: 60_000, message: 'all 1,000 digests' });
    await waitFor(async () => (await statusCounts()).sent === TOTAL, {
      timeoutMs: 10_000,
      message: 'every delivery recorded as sent',
    });
    await sleep(6000);
    expect(smtp.messages.length).toBe(TOTAL);
    const counts = perRecipient();
    expect(counts.size).toBe(TOTAL);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(await statusCounts()).toEqual({ sent: TOTAL });
  });
});
