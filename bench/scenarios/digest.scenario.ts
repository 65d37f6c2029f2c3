import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { TIME_ZONES } from '@app/contracts';
import { createLogger } from '@app/logger';
import { createMailTransport, type MailTransport } from '@app/mailer';
import { type DigestDeps, runDigestTick } from '@app/mailer/digest';
import { SMTPServer } from 'smtp-server';
import { benchDatabase } from '../lib/database.ts';
import type { Figure, Scenario } from '../lib/types.ts';

const TOPICS = 5;
/** Two instants that between them reach 8 AM in all 13 zones (Americas/Europe, then Asia/Sydney). */
const TICKS = [new Date('2026-11-20T16:00:00Z'), new Date('2026-11-21T00:30:00Z')];
const CONNECTIONS = 5;

/**
 * The 8 AM send at scale: 5,000 (quick) or 100,000 (--full) subscribers over the 13 zones with mixed
 * topic sets and both languages, through the mailer's real tick (claim, shared render, personalise,
 * SMTP, record) into a local SMTP sink; against a bare nodemailer loop over the same pool and sink.
 */
export const digestScenario: Scenario = {
  name: 'digest',
  description: 'daily digest send (claim, render once per topic set, SMTP, record) vs a bare nodemailer loop',
  async run(context) {
    const subscribers = context.full ? 100_000 : 5_000;
    const db = await benchDatabase(context.databaseAdminUrl, 'bench_digest');
    const sink = await startSink();
    const transport = createMailTransport(sink.url, { maxConnections: CONNECTIONS });
    try {
      context.log(`filling ${subscribers.toLocaleString()} subscribers over ${TIME_ZONES.length} zones`);
      await fill(db.prisma, subscribers);

      const sample = await sampleMessage();
      context.log(
        `bare nodemailer loop (${subscribers.toLocaleString()} messages of ${sample.html.length} bytes)`,
      );
      const bareStarted = performance.now();
      await bareLoop(transport, subscribers, sample, CONNECTIONS * 4);
      const bareRate = subscribers / ((performance.now() - bareStarted) / 1000);
      sink.reset();

      context.log('digest ticks (mailer send path)');
      const deps = (now: Date): DigestDeps => ({
        prisma: db.prisma,
        transport,
        from: 'Daily Curated <digest@bench.test>',
        publicUrl: 'https://bench.example',
        secret: 'bench-unsubscribe-secret-0123456789abcdef',
        clock: () => now,
        log: createLogger('bench-digest', { level: 'warn' }),
        leaseMs: 600_000,
        concurrency: CONNECTIONS * 4,
        perTopic: 5,
        maxAttempts: 3,
      });
      const started = performance.now();
      let sent = 0;
      for (const tick of TICKS) sent += (await runDigestTick(deps(tick))).sent;
      const seconds = (performance.now() - started) / 1000;
      if (sent !== subscribers || sink.count() !== subscribers) {
        throw new Error(`expected ${subscribers} digests, sent ${sent}, sink received ${sink.count()}`);
      }
      const rate = subscribers / seconds;
      const ratio = rate / bareRate;
      return [
        {
          scenario: 'digest',
          figure: `digest send (${subscribers.toLocaleString()} subscribers)`,
          value: rate,
          unit: 'emails/s',
          baseline: { label: 'bare nodemailer loop', value: bareRate },
          ratio,
          goal: '≥ 0.7 of the bare loop',
          pass: ratio >= 0.7,
        },
        {
          scenario: 'digest',
          figure: 'digest send rate',
          value: rate,
          unit: 'emails/s',
          goal: '≥ 300 emails/s',
          pass: rate >= 300,
        },
      ] satisfies Figure[];
    } finally {
      transport.close();
      await sink.close();
      await db.drop();
    }
  },
};

/** Accepts and discards: the cost on the far side is the same for both loops. */
async function startSink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () => received,
    reset: () => {
      received = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A message the size of a real digest, for the bare loop. */
async function sampleMessage() {
  const { renderDigestTemplate } = await import('@app/mailer/digest');
  return renderDigestTemplate(
    {
      language: 'en',
      date: '2026-11-20',
      summaryCount: 10,
      topics: [0, 1].map((t) => ({
        id: `00000000-0000-4000-8000-00000000000${t}`,
        name: `Topic ${t}`,
        summaries: Array.from({ length: 5 }, (_, i) => ({
          id: `s${i}`,
          headline: `Headline ${i}`,
          excerpt: 'An excerpt of a summary. '.repeat(10),
          sourceUrl: 'https://example.com/a',
          sourceName: 'Example',
        })),
      })),
    },
    'https://bench.example',
  );
}

async function bareLoop(
  transport: MailTransport,
  count: number,
  message: { subject: string; html: string; text: string },
  inFlight: number,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        const i = next++;
        await transport.sendMail({
          from: 'Daily Curated <digest@bench.test>',
          to: `bare-${i}@bench.test`,
          subject: message.subject,
          html: message.html,
          text: message.text,
        });
      }
    }),
  );
}

/** Subscribers round-robin over the zones and languages; topic sets are the 31 non-empty subsets of 5. */
async function fill(prisma: DigestDeps['prisma'], count: number) {
  const topics = await Promise.all(
    Array.from({ length: TOPICS }, (_, i) =>
      prisma.topic.create({
        data: { slug: `bench-${i}`, name: `Bench topic ${i}`, nameZh: `测试主题 ${i}` },
      }),
    ),
  );
  const ids = topics.map((t) => t.id);
  // Eight summaries per topic and language spread over two days: every zone's window has some.
  await prisma.$executeRaw`
    INSERT INTO summaries (id, headline, content, summary_type, language, topic_id, source_urls, created_at, updated_at)
    SELECT gen_random_uuid(), 'Headline ' || t.n || '-' || h, 'Summary **' || h || '** of topic ' || t.n || '. ' || repeat('More text. ', 20),
           'blog_post', lang::"Language", t.id, ARRAY['https://example.com/' || t.n || '/' || h],
           timestamptz '2026-11-19 00:00:00+00' + (h * interval '6 hours'), now()
    FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS t(id, n), generate_series(0, 7) AS h, unnest(ARRAY['EN', 'ZH']) AS lang`;
  await prisma.$executeRaw`
    INSERT INTO newsletter_subscribers (id, email, language, time_zone, unsubscribe_token, status, confirmed_at, created_at, updated_at)
    SELECT gen_random_uuid(), 'sub-' || i || '@bench.test', (CASE WHEN i % 2 = 0 THEN 'EN' ELSE 'ZH' END)::"Language",
           (${[...TIME_ZONES]}::text[])[1 + i % ${TIME_ZONES.length}], md5(random()::text || i), 'active', now(), now(), now()
    FROM generate_series(0, ${count - 1}) AS i`;
  // Topic set of subscriber i: the bits of (i % 31) + 1.
  await prisma.$executeRaw`
    INSERT INTO newsletter_subscriptions (id, subscriber_id, topic_id, enabled, language, created_at, updated_at)
    SELECT gen_random_uuid(), s.id, t.id, true, s.language, now(), now()
    FROM (SELECT id, language, (substring(email FROM 'sub-(\\d+)@')::int % 31) + 1 AS mask FROM newsletter_subscribers) s
    JOIN unnest(${ids}::uuid[]) WITH ORDINALITY AS t(id, n) ON (s.mask >> (t.n::int - 1)) & 1 = 1`;
}
