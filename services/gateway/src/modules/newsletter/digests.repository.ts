import type { PrismaClient } from '@app/db';
import {
  type ChoosingSubscriber,
  DigestCache,
  type DigestRecipient,
  type DigestSelection,
  recipientsOf,
  type StoredSubscriber,
} from '@app/digest';

export type DigestsRepository = ReturnType<typeof createDigestsRepository>;

/**
 * The digest renderer (shared with the mailer), which reads the summaries and topics of a digest itself. A fresh
 * cache per render: an admin preview or a 'view in browser' shows summaries that just landed.
 */
export function createDigestsRepository(prisma: PrismaClient) {
  return {
    render: (recipient: DigestSelection, date: string, options: { publicUrl: string; perTopic: number }) =>
      new DigestCache({ prisma, ...options }).get(recipient, date),

    /** A subscriber's digest as the mailer would make it now: their topics, or their account's follows. */
    async recipientOf(
      subscriber: StoredSubscriber & ChoosingSubscriber,
      topicIds: string[],
    ): Promise<DigestRecipient> {
      const [recipient] = await recipientsOf(prisma, [{ subscriber, topicIds }]);
      return recipient!;
    },
  };
}
