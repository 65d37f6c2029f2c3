import type { PrismaClient } from '@app/db';
import { resolveUnsubscribeSecret, signConfirmationToken, signUnsubscribeToken } from '@app/digest';
import { type Gateway, TEST_JWT_SECRET } from '../support/gateway-harness.ts';

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

/** The link of the subscriber's pending confirmation, as the mailer signs it into the email. */
export async function confirmationTokenFor(prisma: PrismaClient, email: string): Promise<string> {
  const confirmation = await prisma.newsletterConfirmation.findFirstOrThrow({
    where: { subscriber: { email } },
  });
  return signConfirmationToken(TEST_UNSUBSCRIBE_SECRET, confirmation);
}

export function confirm(gateway: Gateway, token: string) {
  return gateway.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
}

/** Subscribes through the API and uses the confirmation link (the default double opt-in). */
export async function subscribeConfirmed(
  gateway: Gateway,
  payload: { email: string; topic_ids: string[]; language?: string; timezone?: string },
) {
  const response = await gateway.app.inject({
    method: 'POST',
    url: '/api/newsletter/subscriptions',
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`subscribe failed: ${response.body}`);
  const confirmed = await confirm(gateway, await confirmationTokenFor(gateway.db.prisma, payload.email));
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
}

/** What 10 minutes do to the per-address limit on confirmation emails, without waiting for them. */
export async function letConfirmationIntervalPass(prisma: PrismaClient, email: string) {
  await prisma.newsletterConfirmation.updateMany({
    where: { subscriber: { email } },
    data: { sentAt: new Date(Date.now() - 11 * 60_000) },
  });
}
