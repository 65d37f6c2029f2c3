import type { PrismaClient } from '@app/db';
import { resolveUnsubscribeSecret, signUnsubscribeToken } from '@app/mailer/digest';
import { TEST_JWT_SECRET } from '../support/gateway-harness.ts';

/** The key the test gateway signs with (derived from its JWT_SECRET, as in `pnpm start`). */
export const TEST_UNSUBSCRIBE_SECRET = resolveUnsubscribeSecret({ JWT_SECRET: TEST_JWT_SECRET });

let topicCounter = 0;
export async function insertTopic(prisma: PrismaClient, name: string, nameZh: string) {
  topicCounter += 1;
  return prisma.topic.create({
    data: {
      slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}-${topicCounter}`,
      name,
      nameZh,
    },
  });
}

export async function tokenFor(prisma: PrismaClient, email: string): Promise<string> {
  const subscriber = await prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
  return signUnsubscribeToken(TEST_UNSUBSCRIBE_SECRET, subscriber);
}

/** Flips one character of the signature: a link someone edited by hand. */
export function tamper(token: string): string {
  const last = token.at(-1) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -1)}${last}`;
}

/** Changes a character in the middle of the signature, where every bit counts. */
export function tamperMiddle(token: string): string {
  const at = token.length - 10;
  const swapped = token[at] === 'A' ? 'B' : 'A';
  return `${token.slice(0, at)}${swapped}${token.slice(at + 1)}`;
}
