import { performance } from 'node:perf_hooks';
import { TIME_ZONES } from '@app/contracts';
import { DigestCache, dueZones, type RenderedEmail } from '@app/digest';
import { createLogger } from '@app/logger';
import {
  createMailTransport,
  type DigestDeps,
  type MailTransport,
  runDigestTick,
  textEncodingFor,
} from '@app/mailer';
import { benchDatabase } from '../lib/database.ts';
import { startSmtpSink } from '../lib/smtp-sink.ts';
import type { Figure, Scenario } from '../lib/types.ts';

const TOPICS = 5;
/** Two instants that between them reach 8 AM in all 13 zones (Americas/Europe, then Asia/Sydney). */
const TICKS = [new Date('2026-11-20T16:00:00Z'), new Date('2026-11-21T00:30:00Z')];
const CONNECTIONS = 5;

/**
 * The 8 AM send at scale: 5,000 (quick) or 100,000 (--full) subscribers over the 13 zones with mixed
 * topic sets and both languages, through the mailer's real tick (claim, shared render, personalise,
 * SMTP, record) into a local SMTP sink (its own process); against a bare nodemailer loop over the same pool and sink.
 */
export const digestScenario: Scenario = {
  name: 'digest',
  description: 'daily digest send (claim, render once per topic set, SMTP, record) vs a bare nodemailer loop',
  async run(context) {
    const subscribers = context.full ? 100_000 : 5_000;
    const db = await benchDatabase(context.databaseAdminUrl, 'bench_digest');
    const sink = await startSmtpSink();
    const transport = createMailTransport(sink.url, { maxConnections: CONNECTIONS });
    try {
      context.log(`filling ${subscribers.toLocaleString()} subscribers over ${TIME_ZONES.length} zones`);
      const topicIds = await fill(db.prisma, subscribers);
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
      // The baseline sends the same digests (language, topic set, day window: so the same sizes and
      // transfer encodings), rendered beforehand, with nothing else: no claim, no record, no links.
      const messages = await digestsBySubscriber(deps(TICKS[0]!), topicIds);
      context.log(`bare nodemailer loop (${subscribers.toLocaleString()} messages, rendered beforehand)`);
      const bareStarted = performance.now();
      await bareLoop(transport, subscribers, messages, CONNECTIONS * 4);
      const bareRate = subscribers / ((performance.now() - bareStarted) / 1000);
      await sink.reset();

      context.log('digest ticks (mailer send path)');
      const started = performance.now();
      let sent = 0;
      for (const tick of TICKS) sent += (await runDigestTick(deps(tick))).sent;
      const seconds = (performance.now() - started) / 1000;
      const received = await sink.count();
      if (sent !== subscribers || received !== subscribers) {
        throw new Error(`expected ${subscribers} digests, sent ${sent}, sink received ${received}`);
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
          goal: '≥ 0.9 of the bare loop',
          pass: ratio >= 0.9,
        },
        {
          scenario: 'digest',
          figure: 'digest send rate',
          value: rate,
          unit: 'emails/s',
          goal: '≥ 600 emails/s',
          pass: rate >= 600,
        },
      ] satisfies Figure[];
    } finally {
      transport.close();
      await sink.close();
      await db.drop();
    }
  },
};

/** Subscriber i's zone, language and topic set, as fill() made them. */
function subscriberShape(i: number, topicIds: string[]) {
  const mask = (i % 31) + 1;
  return {
    timeZone: TIME_ZONES[i % TIME_ZONES.length]!,
    language: i % 2 === 0 ? ('en' as const) : ('zh' as const),
    topicIds: topicIds.filter((_, n) => (mask >> n) & 1),
  };
}

/**
 * The digest each subscriber gets, through the mailer's own render (one per zone, language and topic
 * set), for the bare loop to send. Each zone's date is the one of the first tick that reaches its 8 AM.
 */
async function digestsBySubscriber(deps: DigestDeps, topicIds: string[]) {
  const dates = new Map<string, string>();
  for (const tick of TICKS) {
    for (const { timeZone, date } of dueZones(tick)) if (!dates.has(timeZone)) dates.set(timeZone, date);
  }
  const cache = new DigestCache(deps);
  const distinct = TIME_ZONES.length * 2 * 31;
  const messages: (RenderedEmail & { language: 'en' | 'zh' })[] = [];
  for (let i = 0; i < distinct; i += 1) {
    const shape = subscriberShape(i, topicIds);
    const built = await cache.get(shape, dates.get(shape.timeZone)!);
    if (!built) throw new Error(`no digest for ${shape.timeZone}/${shape.language}`);
    messages.push({ ...built.template, language: shape.language });
  }
  // Subscriber i's shape repeats every `distinct` subscribers (13, 2 and 31 are pairwise coprime).
  return (i: number) => messages[i % distinct]!;
}

async function bareLoop(
  transport: MailTransport,
  count: number,
  messageFor: (i: number) => RenderedEmail & { language: 'en' | 'zh' },
  inFlight: number,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        const i = next++;
        const message = messageFor(i);
        await transport.sendMail({
          from: 'Daily Curated <digest@bench.test>',
          to: `bare-${i}@bench.test`,
          subject: message.subject,
          html: message.html,
          text: message.text,
          textEncoding: textEncodingFor(message.language),
        });
      }
    }),
  );
}

/** Subscribers round-robin over the zones and languages; topic sets are the 31 non-empty subsets of 5. */
async function fill(prisma: DigestDeps['prisma'], count: number): Promise<string[]> {
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
  return ids;
}
