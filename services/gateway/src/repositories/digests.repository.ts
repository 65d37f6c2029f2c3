import type { PrismaClient } from '@app/db';
import { DigestCache, type DigestRecipient } from '@app/digest';

export type DigestsRepository = ReturnType<typeof createDigestsRepository>;

/**
 * The digest renderer (shared with the mailer), which reads the summaries and topics of a digest itself. A fresh
 * cache per render: an admin preview or a 'view in browser' shows summaries that just landed.
 */
export function createDigestsRepository(prisma: PrismaClient) {
  return {
    render: (
      recipient: Pick<DigestRecipient, 'language' | 'topicIds' | 'timeZone'>,
      date: string,
      options: { publicUrl: string; perTopic: number },
    ) => new DigestCache({ prisma, ...options }).get(recipient, date),
  };
}
