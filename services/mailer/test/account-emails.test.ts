import { randomUUID } from 'node:crypto';
import { loadConfig } from '@app/config';
import { QUEUE_NAMES } from '@app/contracts';
import { createLogger } from '@app/logger';
import {
  createProducer,
  createQueueTransport,
  type Producer,
  type QueueTransport,
  type RunningService,
} from '@app/queue';
import {
  type CapturedMail,
  cleanupPrefix,
  createTestDatabase,
  type SmtpCapture,
  startSmtpCapture,
  type TestDatabase,
  testPrefix,
  testTransportOptions,
  waitFor,
} from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailerConfigSchema } from '../src/config.ts';
import { startService } from '../src/service.ts';

let db: TestDatabase;
let smtp: SmtpCapture;
let service: RunningService;
let transport: QueueTransport;
let producer: Producer;
let base: string;
const logLines: string[] = [];
let flakyAttempts = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpCapture({
    rejectRecipients: (address) => {
      if (address.startsWith('bounce')) return true;
      // Fails the first delivery attempt only, like a greylisting server.
      if (address.startsWith('flaky')) return flakyAttempts++ === 0 ? 451 : false;
      return false;
    },
  });
  const options = testTransportOptions(db.url);
  const config = loadConfig(mailerConfigSchema, {
    DATABASE_URL: db.url,
    REDIS_URL: options.redisUrl,
    HEALTH_PORT: '0',
    SMTP_URL: smtp.url,
  });
  service = await startService(config, {
    prisma: db.prisma,
    prefix: options.prefix,
    logger: createLogger('mailer', {
      level: 'info',
      destination: { write: (line: string) => logLines.push(line) },
    }),
  });
  base = `http://127.0.0.1:${service.healthPort}`;
  transport = createQueueTransport(options);
  producer = createProducer(transport);
});

afterAll(async () => {
  await producer?.close();
  await transport?.close();
  await service?.close();
  await smtp?.close();
  await cleanupPrefix(testPrefix());
  await db?.drop();
});

async function settledJob(jobId: string) {
  const queue = producer.queue(QUEUE_NAMES.mail);
  const state = await waitFor(
    async () => {
      const current = await queue.getJobState(jobId);
      return current === 'completed' || current === 'failed' ? current : undefined;
    },
    { message: `job ${jobId} to finish` },
  );
  // Read after the state settled, so the counters are the final ones.
  return { job: (await queue.getJob(jobId))!, state };
}

const sentTo = (address: string) => (mail: CapturedMail) => mail.to.includes(address);

describe('account emails', () => {
  it('sends one English verification email with the link in HTML and text', async () => {
    const verifyUrl = `http://localhost:3000/api/auth/verify?token=${randomUUID()}`;
    const jobId = await producer.enqueue('send-verification-email', {
      userId: randomUUID(),
      email: 'ann@example.com',
      verifyUrl,
      language: 'en',
    });
    const mail = await smtp.waitForMessage(sentTo('ann@example.com'), 10_000);
    expect(mail.subject).toBe('Verify your email address for Daily Curated');
    expect(mail.fromHeader).toBe('"Daily Curated" <no-reply@localhost>');
    expect(mail.html).toContain(`href="${verifyUrl}"`);
    expect(mail.text).toContain(verifyUrl);
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect((await settledJob(jobId)).state).toBe('completed');
    expect(smtp.messages.filter(sentTo('ann@example.com'))).toHaveLength(1);
  });

  it('sends the Chinese email with its subject intact for language zh', async () => {
    const verifyUrl = `http://localhost:3000/api/auth/verify?token=${randomUUID()}`;
    await producer.enqueue('send-verification-email', {
      userId: randomUUID(),
      email: 'li@example.com',
      verifyUrl,
      language: 'zh',
    });
    const mail = await smtp.waitForMessage(sentTo('li@example.com'), 10_000);
    expect(mail.subject).toBe('请验证您的每日精选邮箱地址');
    expect(mail.html).toContain('验证邮箱地址');
    expect(mail.html).toContain(`href="${verifyUrl}"`);
    expect(mail.text).toContain(verifyUrl);
    expect(mail.text).toContain('感谢您注册');
  });

  it('fails a malformed job once, without retries, and sends nothing', async () => {
    const before = smtp.messages.length;
    // Straight onto the queue: the producer would refuse this payload.
    const job = await producer
      .queue(QUEUE_NAMES.mail)
      .add('send-verification-email', { email: 'not-an-email', language: 'fr' }, { attempts: 5 });
    const { job: settled, state } = await settledJob(String(job.id));
    expect(state).toBe('failed');
    expect(settled.attemptsStarted).toBe(1);
    expect(settled.attemptsMade).toBe(1);
    expect(settled.failedReason).toMatch(/Invalid payload/);
    expect(smtp.messages.length).toBe(before);
  });

  it('fails for good when the SMTP server rejects the recipient permanently', async () => {
    const jobId = await producer.enqueue('send-verification-email', {
      userId: randomUUID(),
      email: 'bounce@example.com',
      verifyUrl: 'http://localhost:3000/api/auth/verify?token=x',
      language: 'en',
    });
    const { job, state } = await settledJob(jobId);
    expect(state).toBe('failed');
    expect(job.attemptsStarted).toBe(1);
    expect(job.failedReason).toMatch(/SMTP rejected the message: 550/);
    expect(smtp.messages.filter(sentTo('bounce@example.com'))).toHaveLength(0);
    expect(logLines.some((line) => line.includes('verification email rejected by SMTP'))).toBe(true);
    // The address itself never reaches the log.
    expect(logLines.some((line) => line.includes('"bounce@example.com"'))).toBe(false);
  });

  it('retries after a temporary SMTP failure and then delivers', async () => {
    const jobId = await producer.enqueue('send-verification-email', {
      userId: randomUUID(),
      email: 'flaky@example.com',
      verifyUrl: 'http://localhost:3000/api/auth/verify?token=y',
      language: 'en',
    });
    // The first retry comes after the default backoff (2 s).
    await smtp.waitForMessage(sentTo('flaky@example.com'), 15_000);
    const { job, state } = await settledJob(jobId);
    expect(state).toBe('completed');
    expect(job.attemptsStarted).toBe(2);
    expect(smtp.rejected).toContainEqual({ address: 'flaky@example.com', code: 451 });
  });

  it('sends the password reset email in English and Chinese, the link in HTML and text', async () => {
    for (const [language, address, subject] of [
      ['en', 'reset-en@example.com', 'Reset your Daily Curated password'],
      ['zh', 'reset-zh@example.com', '重置您的每日精选密码'],
    ] as const) {
      const resetUrl = `http://localhost:3000${language === 'zh' ? '/zh' : ''}/auth/reset?token=${randomUUID()}`;
      const jobId = await producer.enqueue('send-password-reset-email', {
        userId: randomUUID(),
        email: address,
        resetUrl,
        language,
      });
      const mail = await smtp.waitForMessage(sentTo(address), 10_000);
      expect(mail.subject).toBe(subject);
      expect(mail.html).toContain(`href="${resetUrl}"`);
      expect(mail.text).toContain(resetUrl);
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
      expect((await settledJob(jobId)).state).toBe('completed');
    }
    // The link is a credential: it never reaches the log.
    expect(logLines.some((line) => line.includes('/auth/reset?token='))).toBe(false);
  });

  it('counts the jobs in its metrics', async () => {
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toMatch(/jobs_completed_total\{job="send-verification-email",service="mailer"\} 3/);
    expect(text).toMatch(
      /jobs_failed_total\{job="send-verification-email",reason="invalid_payload",service="mailer"\} 1/,
    );
  });
});
