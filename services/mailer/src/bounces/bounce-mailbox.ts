import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { type PrismaClient, suppressSubscriber } from '@app/db';
import type { Logger } from '@app/logger';
import { parseDeliveryReport } from './parse-dsn.ts';

export type BounceMailboxStats = {
  messages: number;
  hardBounces: number;
  suppressed: number;
  ignored: number;
};

export type BounceMailboxDeps = {
  prisma: PrismaClient;
  log: Logger;
  /** A Maildir (new/, cur/) that receives the mail sent to the envelope sender (the bounce address). */
  maildir: string;
  clock: () => Date;
};

/**
 * Takes in the delivery reports delivered to the bounce Maildir since the last run: each hard
 * bounce suppresses its address, then the message moves to cur/ marked seen (Maildir's own way of
 * saying "read"), so a message is handled once even with several mailers sharing the folder
 * (rename is atomic: the one that loses the race skips it). A message is left in new/ only when
 * the database could not record it, so the next run tries again.
 */
export async function processBounceMailbox(deps: BounceMailboxDeps): Promise<BounceMailboxStats> {
  const stats: BounceMailboxStats = { messages: 0, hardBounces: 0, suppressed: 0, ignored: 0 };
  const fresh = path.join(deps.maildir, 'new');
  const seen = path.join(deps.maildir, 'cur');
  await mkdir(fresh, { recursive: true });
  await mkdir(seen, { recursive: true });
  for (const name of (await readdir(fresh)).sort()) {
    if (name.startsWith('.')) continue;
    const file = path.join(fresh, name);
    let raw: Buffer;
    try {
      raw = await readFile(file);
    } catch {
      continue; // taken by another mailer meanwhile
    }
    stats.messages += 1;
    const report = await parseDeliveryReport(raw).catch((error: unknown) => {
      deps.log.warn({ err: error, file: name }, 'unreadable message in the bounce mailbox');
      return null;
    });
    if (!report) stats.ignored += 1;
    for (const recipient of report?.recipients ?? []) {
      if (recipient.kind !== 'hard') continue; // 4.x.x or delayed: the server is still trying
      stats.hardBounces += 1;
      const outcome = await suppressSubscriber(deps.prisma, {
        email: recipient.recipient,
        reason: 'hard_bounce',
        source: 'dsn',
        at: report?.reportedAt ?? deps.clock(),
        diagnostic: [recipient.status, recipient.diagnostic].filter(Boolean).join(' '),
      });
      if (outcome === 'suppressed') {
        stats.suppressed += 1;
        deps.log.info({ status: recipient.status, file: name }, 'hard bounce report: subscriber suppressed');
      }
    }
    await rename(file, path.join(seen, `${name.split(':')[0]}:2,S`)).catch(() => {});
  }
  return stats;
}
