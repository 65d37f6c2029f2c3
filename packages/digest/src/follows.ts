import type { PrismaClient } from '@app/db';

/** What a digest is made of: whole topics, and sources taken alone (their own summaries of their topic). */
export type DigestChoice = { topicIds: string[]; datasourceIds: string[] };

/** A subscriber as far as the choice of their digest goes. */
export type ChoosingSubscriber = { userId: string | null; followsMyFeed: boolean };

type FollowRow = { user_id: string; topic_id: string | null; datasource_id: string | null };

/**
 * What each account follows, as a digest choice: the followed topics whole, and each followed source
 * whose topic is not followed on its own. Topics turned off and sources removed or turned off (or
 * under a topic turned off) count as not followed. Accounts that follow nothing left are absent.
 */
export async function followedChoices(
  prisma: PrismaClient,
  userIds: string[],
): Promise<Map<string, DigestChoice>> {
  const choices = new Map<string, DigestChoice>();
  if (userIds.length === 0) return choices;
  const rows = await prisma.$queryRaw<FollowRow[]>`
    SELECT f.user_id::text AS user_id, t.id::text AS topic_id, d.id::text AS datasource_id
    FROM user_follows f
    LEFT JOIN topics t ON t.id = f.topic_id AND t.is_active
    LEFT JOIN datasources d ON d.id = f.datasource_id AND d.is_active
      AND EXISTS (SELECT 1 FROM topics dt WHERE dt.id = d.topic_id AND dt.is_active)
      AND NOT EXISTS (
        SELECT 1 FROM user_follows ft WHERE ft.user_id = f.user_id AND ft.topic_id = d.topic_id
      )
    WHERE f.user_id = ANY(${[...new Set(userIds)]}::uuid[])
      AND (t.id IS NOT NULL OR d.id IS NOT NULL)`;
  for (const row of rows) {
    const choice = choices.get(row.user_id) ?? { topicIds: [], datasourceIds: [] };
    if (row.topic_id) choice.topicIds.push(row.topic_id);
    if (row.datasource_id) choice.datasourceIds.push(row.datasource_id);
    choices.set(row.user_id, choice);
  }
  return choices;
}

/** The account whose follows a subscriber's digest takes, if they asked for it and still have one. */
const followingAccount = (subscriber: ChoosingSubscriber, topicIds: string[]) =>
  // No chosen topic left is unsubscribed: nothing comes, whatever the account follows.
  subscriber.followsMyFeed && topicIds.length > 0 ? subscriber.userId : null;

/**
 * The digest choice of each subscriber (their enabled topics given): those topics, or, when they asked
 * for it and have an account that follows something, what that account follows. The option never
 * empties a digest: an account that follows nothing (or only what was removed since) keeps the topics.
 */
export async function digestChoices(
  prisma: PrismaClient,
  subscribers: { subscriber: ChoosingSubscriber; topicIds: string[] }[],
): Promise<DigestChoice[]> {
  const userIds = subscribers.flatMap(({ subscriber, topicIds }) => {
    const userId = followingAccount(subscriber, topicIds);
    return userId ? [userId] : [];
  });
  const followed = await followedChoices(prisma, userIds);
  return subscribers.map(({ subscriber, topicIds }) => {
    const userId = followingAccount(subscriber, topicIds);
    return (userId && followed.get(userId)) || { topicIds, datasourceIds: [] };
  });
}

/** True when a choice can make a digest at all (some topic or some source). */
export const hasChoice = (choice: DigestChoice | { topicIds: string[]; datasourceIds?: string[] }) =>
  choice.topicIds.length + (choice.datasourceIds?.length ?? 0) > 0;
