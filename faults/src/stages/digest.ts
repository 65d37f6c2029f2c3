import { randomBytes } from 'node:crypto';
import { QUEUE_NAMES } from '@app/contracts';
import { digestWindow, dueZones } from '@app/digest';
import { localDateTime } from '@app/time';
import type { StageContext, Stage } from '../stage.ts';

const TOPICS = 4;

/**
 * Digest send: 400 (or `subscribers`) confirmed subscribers in a zone whose 8 AM has come, with
 * summaries in their digest window; the mailer's scheduled tick (every 5 s in this run) sends them.
 * Done: one delivery row per subscriber, final, and one email per subscriber in the SMTP capture.
 */
export function digestStage(options: { subscribers?: number } = {}): Stage {
  const SUBSCRIBERS = options.subscribers ?? 400;
  // A zone past its 8 AM and not about to roll over to tomorrow while the stage runs (UTC if it can).
  const now = new Date();
  const zones = dueZones(now).filter((z) => localDateTime(now, z.timeZone).hour < 23);
  const zone = zones.find((z) => z.timeZone === 'UTC') ?? zones[0]!;
  const digestDate = new Date(`${zone.date}T00:00:00Z`);
  const emails: string[] = [];
  const ours = new Set<string>();
  const subscriberIds: string[] = [];
  const deliveries = (ctx: StageContext) =>
    ctx.prisma.emailDelivery.findMany({
      where: { subscriberId: { in: subscriberIds }, digestDate },
      select: { id: true, subscriberId: true, status: true },
    });

  return {
    name: 'digest send',
    worker: 'mailer',
    queue: QUEUE_NAMES.digest,
    jobs: SUBSCRIBERS,
    unit: 'digests',
    settleMs: 6000,
    async prepare(ctx) {
      const createdAt = new Date(digestWindow(zone.date, zone.timeZone).to.getTime() - 3_600_000);
      const topicIds: string[] = [];
      for (let i = 0; i < TOPICS; i++) {
        const topic = await ctx.prisma.topic.create({
          data: { slug: `faults-digest-${i}`, name: `Faults digest ${i}`, nameZh: `故障摘要 ${i}` },
        });
        topicIds.push(topic.id);
        await ctx.prisma.summary.createMany({
          data: (['EN', 'ZH'] as const).map((language) => ({
            topicId: topic.id,
            language,
            summaryType: 'blog_post' as const,
            headline: language === 'EN' ? `News ${i}` : `新闻 ${i}`,
            content: language === 'EN' ? `Summary of news ${i}.` : `新闻 ${i} 的摘要。`,
            createdAt,
          })),
        });
      }
      for (let i = 0; i < SUBSCRIBERS; i++) emails.push(`fault-reader-${i}@example.com`);
      for (const email of emails) ours.add(email);
      // Written now, confirmed later (trigger): the mailer only serves confirmed subscribers.
      await ctx.prisma.newsletterSubscriber.createMany({
        data: emails.map((email, i) => ({
          email,
          language: i % 2 === 0 ? ('EN' as const) : ('ZH' as const),
          timeZone: zone.timeZone,
          unsubscribeToken: randomBytes(18).toString('base64url'),
        })),
      });
      const rows = await ctx.prisma.newsletterSubscriber.findMany({
        where: { email: { in: emails } },
        select: { id: true },
      });
      subscriberIds.push(...rows.map((r) => r.id));
      await ctx.prisma.newsletterSubscription.createMany({
        data: subscriberIds.flatMap((subscriberId, i) =>
          [topicIds[i % TOPICS]!, topicIds[(i + 1) % TOPICS]!].map((topicId) => ({ subscriberId, topicId })),
        ),
      });
    },
    async trigger(ctx) {
      await ctx.prisma.newsletterSubscriber.updateMany({
        where: { id: { in: subscriberIds } },
        data: { confirmedAt: new Date() },
      });
    },
    done: async (ctx) =>
      (await deliveries(ctx)).filter((d) => d.status !== 'pending' && d.status !== 'sending').length,
    inFlight: async (ctx) => (await deliveries(ctx)).filter((d) => d.status === 'sending').map((d) => d.id),
    async verify(ctx, inFlightAtKill) {
      const rows = await deliveries(ctx);
      const received = new Map<string, number>();
      for (const mail of ctx.smtp.messages) {
        for (const to of mail.to) received.set(to, (received.get(to) ?? 0) + 1);
      }
      const emailOf = new Map(
        (
          await ctx.prisma.newsletterSubscriber.findMany({
            where: { id: { in: subscriberIds } },
            select: { id: true, email: true },
          })
        ).map((s) => [s.id, s.email]),
      );
      const gotIt = (subscriberId: string) => (received.get(emailOf.get(subscriberId) ?? '') ?? 0) > 0;
      const sentRows = rows.filter((r) => r.status === 'sent');
      const notes: string[] = [];
      const sentNotReceived = sentRows.filter((r) => !gotIt(r.subscriberId)).length;
      if (sentNotReceived) notes.push(`${sentNotReceived} rows say sent but no email arrived`);
      const dropped = ctx.smtp.dropped.filter((m) => m.to.some((to) => ours.has(to))).length;
      if (dropped) {
        notes.push(
          `${dropped} messages were cut off before the server's 250 (the mailer died) and sent again`,
        );
      }
      const mails = ctx.smtp.messages.filter((m) => m.to.some((to) => ours.has(to)));
      // A second copy that repeats the first one's Message-ID is one a mailbox provider can drop.
      const copies = new Map<string, number>();
      for (const mail of mails) {
        const key = `${mail.to.join(',')} ${String(mail.headers.get('message-id'))}`;
        copies.set(key, (copies.get(key) ?? 0) + 1);
      }
      const duplicates = [...received.entries()]
        .filter(([to]) => ours.has(to))
        .reduce((n, [, c]) => n + Math.max(0, c - 1), 0);
      const duplicatesSameId = [...copies.values()].reduce((n, c) => n + c - 1, 0);
      if (duplicates) {
        notes.push(
          `${duplicates} second copies, ${duplicatesSameId} of them with the first copy's Message-ID: the ` +
            `server had answered 250 but the mailer died before recording it (the RFC 1047 window)`,
        );
      }
      return {
        outputs: {
          'delivery rows': { expected: SUBSCRIBERS, actual: rows.length },
          'rows sent': { expected: SUBSCRIBERS, actual: sentRows.length },
          'emails captured': { expected: SUBSCRIBERS, actual: mails.length },
          'distinct Message-IDs': {
            expected: SUBSCRIBERS,
            actual: new Set(mails.map((m) => String(m.headers.get('message-id')))).size,
          },
        },
        recovered: rows.filter((r) => inFlightAtKill.includes(r.id) && gotIt(r.subscriberId)).length,
        duplicates,
        duplicatesSameId,
        lost: subscriberIds.filter((id) => !gotIt(id)).length,
        notes,
      };
    },
  };
}
