import { Prisma, type PrismaClient } from '@app/db';
import { isValidTimeZone } from '@app/time';
import { type DigestRecipient, digestRecipientOf, type StoredSubscriber } from './digest-cache.ts';
import { type ChoosingSubscriber, digestChoices } from './follows.ts';

/** Recipients read from the database at once. */
export const RECIPIENT_BATCH = 500;

/**
 * The zones the digest goes out in: each one an active, confirmed subscriber chose (any IANA zone, not
 * only the summaries' 13), read from the (status, time_zone) index. A name this runtime does not know
 * is left out rather than stopping the tick for everyone else.
 */
export async function subscriberZones(prisma: PrismaClient): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ timeZone: string }[]>`
    SELECT DISTINCT time_zone AS "timeZone" FROM newsletter_subscribers
    WHERE status = 'active' AND confirmed_at IS NOT NULL`;
  return rows.map((row) => row.timeZone).filter((zone) => isValidTimeZone(zone));
}

/**
 * Who is due the digest of `date` in a zone (subscriber `s`): active, confirmed subscribers of the
 * zone with no final delivery for that date. The scheduled send, and the admin's count of what a send
 * would mail, both read it from here; the recipient must also have an enabled topic.
 */
function dueIn(timeZone: string, date: string): Prisma.Sql {
  return Prisma.sql`s.status = 'active' AND s.confirmed_at IS NOT NULL AND s.time_zone = ${timeZone}
      AND NOT EXISTS (
        SELECT 1 FROM email_deliveries d
        WHERE d.subscriber_id = s.id AND d.digest_date = ${date}::date AND d.status <> 'pending'
      )`;
}

/** How many subscribers the send of `date` would mail in a zone (`dueRecipients`, all batches). */
export async function countDueRecipients(
  prisma: PrismaClient,
  timeZone: string,
  date: string,
): Promise<number> {
  const [row] = await prisma.$queryRaw<{ count: bigint }[]>`
    SELECT count(*) AS count
    FROM newsletter_subscribers s
    WHERE ${dueIn(timeZone, date)}
      AND EXISTS (SELECT 1 FROM newsletter_subscriptions ns WHERE ns.subscriber_id = s.id AND ns.enabled)`;
  return Number(row?.count ?? 0);
}

/**
 * The next batch of due subscribers of a zone (`dueIn`) after `after`, each with what their digest
 * takes: their enabled topics, or what their account follows when they asked for that (`digestChoices`).
 */
export async function dueRecipients(
  prisma: PrismaClient,
  timeZone: string,
  date: string,
  after: string,
): Promise<DigestRecipient[]> {
  const rows = await prisma.$queryRaw<
    {
      id: string;
      email: string;
      language: 'EN' | 'ZH';
      timeZone: string;
      unsubscribeToken: string;
      userId: string | null;
      followsMyFeed: boolean;
      topicIds: string[];
    }[]
  >`
    SELECT s.id, s.email, s.language, s.time_zone AS "timeZone", s.unsubscribe_token AS "unsubscribeToken",
           s.user_id::text AS "userId", s.follows_my_feed AS "followsMyFeed",
           array_agg(ns.topic_id::text ORDER BY ns.topic_id) AS "topicIds"
    FROM newsletter_subscribers s
    JOIN newsletter_subscriptions ns ON ns.subscriber_id = s.id AND ns.enabled
    WHERE ${dueIn(timeZone, date)} AND s.id > ${after}::uuid
    GROUP BY s.id
    ORDER BY s.id
    LIMIT ${RECIPIENT_BATCH}`;
  return recipientsOf(
    prisma,
    rows.map((row) => ({ subscriber: row, topicIds: row.topicIds })),
  );
}

/** Subscribers with their enabled topics as recipients: what each digest takes (`digestChoices`). */
export async function recipientsOf(
  prisma: PrismaClient,
  subscribers: { subscriber: StoredSubscriber & ChoosingSubscriber; topicIds: string[] }[],
): Promise<DigestRecipient[]> {
  const choices = await digestChoices(prisma, subscribers);
  return subscribers.map(({ subscriber }, i) => {
    const choice = choices[i]!;
    return digestRecipientOf(subscriber, choice.topicIds, choice.datasourceIds);
  });
}

/**
 * A subscriber as the send path needs them, regardless of the time of day (admin send), or null when
 * they may get no digest: only active, confirmed subscribers do (the scheduled tick's own rule).
 */
export async function loadRecipient(
  prisma: PrismaClient,
  subscriberId: string,
): Promise<DigestRecipient | null> {
  const subscriber = await prisma.newsletterSubscriber.findFirst({
    where: { id: subscriberId, status: 'active', confirmedAt: { not: null } },
    include: { subscriptions: { where: { enabled: true }, select: { topicId: true } } },
  });
  if (!subscriber) return null;
  const [recipient] = await recipientsOf(prisma, [
    { subscriber, topicIds: subscriber.subscriptions.map((s) => s.topicId) },
  ]);
  return recipient ?? null;
}
