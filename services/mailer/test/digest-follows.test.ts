import { randomBytes } from 'node:crypto';
import { DigestCache, digestWindow, loadRecipient } from '@app/digest';
import { createTestDatabase, type SmtpCapture, startSmtpCapture, type TestDatabase } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDigestTick } from '../src/digest/run-digest-tick.ts';
import { type DigestDeps, deliverDigest } from '../src/digest/send-digests.ts';
import { createMailTransport, type MailTransport } from '../src/mail-transport.ts';
import { insertTopics, testDigestDeps } from './support/digest-fixtures.ts';

// A subscriber who asked for it gets the digest of their account's My feed: the followed topics whole,
// and a followed source's own summaries when its topic is not followed. Following nothing (or only what
// was removed since) keeps the topics they chose; the option never empties a digest.

const DATE = '2026-11-20';
const now = new Date('2026-11-20T10:00:00Z');

let db: TestDatabase;
let smtp: SmtpCapture;
let transport: MailTransport;
/** followed: a topic followed whole · sourced: the topic of a followed source · chosen: the subscribers' own. */
let topics: { followed: string; sourced: string; chosen: string; off: string };
let sources: { followed: string; other: string; off: string };

const deps = (): DigestDeps => testDigestDeps({ prisma: db.prisma, transport, clock: () => now });

async function insertSource(topicId: string, name: string) {
  const source = await db.prisma.datasource.create({
    data: { topicId, platform: 'blog', sourceName: name, sourceUrl: `https://${name}.example/feed` },
  });
  return source.id;
}

/** One English summary in the UTC window of DATE, from a source or straight under a topic. */
async function insertSummary(topicId: string, headline: string, datasourceId?: string) {
  await db.prisma.summary.create({
    data: {
      topicId,
      datasourceId,
      language: 'EN',
      summaryType: 'blog_post',
      headline,
      content: `${headline}, in a few words.`,
      sourceUrls: [`https://example.com/${encodeURIComponent(headline)}`],
      createdAt: new Date(digestWindow(DATE, 'UTC').to.getTime() - 3600_000),
    },
  });
}

/** A confirmed subscriber of the chosen topic in UTC, with an account following `follows`. */
async function reader(
  label: string,
  follows: ({ topicId: string } | { datasourceId: string })[],
  options: { followsMyFeed?: boolean; linked?: boolean } = {},
) {
  const email = `${label}-${randomBytes(3).toString('hex')}@example.com`;
  const user = await db.prisma.user.create({ data: { email, emailVerifiedAt: now } });
  await db.prisma.userFollow.createMany({ data: follows.map((target) => ({ userId: user.id, ...target })) });
  const subscriber = await db.prisma.newsletterSubscriber.create({
    data: {
      email,
      userId: options.linked === false ? null : user.id,
      followsMyFeed: options.followsMyFeed ?? true,
      timeZone: 'UTC',
      unsubscribeToken: randomBytes(18).toString('base64url'),
      confirmedAt: now,
      subscriptions: { create: [{ topicId: topics.chosen }] },
    },
  });
  return { email, user, subscriber };
}

const received = (email: string) => smtp.messages.filter((message) => message.to.includes(email));

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpCapture();
  transport = createMailTransport(smtp.url);
  const [followed, sourced, chosen, off] = (await insertTopics(db.prisma, 4)).map((topic) => topic.id);
  topics = { followed: followed!, sourced: sourced!, chosen: chosen!, off: off! };
  sources = {
    followed: await insertSource(topics.sourced, 'followed-blog'),
    other: await insertSource(topics.sourced, 'other-blog'),
    off: await insertSource(topics.sourced, 'quiet-blog'),
  };
  await insertSummary(topics.followed, 'Followed topic story');
  await insertSummary(topics.sourced, 'Followed source story', sources.followed);
  await insertSummary(topics.sourced, 'Unfollowed source story', sources.other);
  await insertSummary(topics.sourced, 'Turned off source story', sources.off);
  await insertSummary(topics.chosen, 'Chosen topic story');
  await insertSummary(topics.off, 'Turned off topic story');
});
afterAll(async () => {
  transport?.close();
  await smtp?.close();
  await db?.drop();
});

describe('a digest that follows My feed', () => {
  it('has the followed topics and the followed source’s own summaries, not its topic’s others nor the chosen topic', async () => {
    const { email, subscriber } = await reader('feed', [
      { topicId: topics.followed },
      { datasourceId: sources.followed },
    ]);
    // Before the flag is on, the same reader gets their chosen topic.
    const plain = await reader('plain', [{ topicId: topics.followed }], { followsMyFeed: false });
    // A flag without an account (it was deleted since) keeps the chosen topic too.
    const orphan = await reader('orphan', [{ topicId: topics.followed }], { linked: false });

    const stats = await runDigestTick(deps());
    expect(stats.sent).toBeGreaterThanOrEqual(3);
    const [mail] = received(email);
    expect(mail?.text).toContain('Followed topic story');
    expect(mail?.text).toContain('Followed source story');
    expect(mail?.text).not.toContain('Unfollowed source story');
    expect(mail?.text).not.toContain('Chosen topic story');
    expect(mail?.html).toContain('Followed source story');
    // 'View in browser' stays, and the delivery keeps what the digest was made of for that page.
    expect(mail?.text).toMatch(/http:\/\/app\.test\/\S*digest\S*token=/);
    const delivery = await db.prisma.emailDelivery.findFirstOrThrow({
      where: { subscriberId: subscriber.id },
    });
    expect(delivery).toMatchObject({
      status: 'sent',
      summaryCount: 2,
      topicIds: [topics.followed],
      datasourceIds: [sources.followed],
    });
    for (const other of [plain, orphan]) {
      const [otherMail] = received(other.email);
      expect(otherMail?.text, other.email).toContain('Chosen topic story');
      expect(otherMail?.text, other.email).not.toContain('Followed topic story');
    }

    // Once a day: a second tick sends nothing more, to anyone.
    const before = smtp.messages.length;
    expect((await runDigestTick(deps())).sent).toBe(0);
    expect(smtp.messages).toHaveLength(before);
  });

  it('following a source and its topic takes the whole topic', async () => {
    const { subscriber } = await reader('both', [
      { topicId: topics.sourced },
      { datasourceId: sources.followed },
    ]);
    const recipient = (await loadRecipient(db.prisma, subscriber.id))!;
    expect(recipient).toMatchObject({ topicIds: [topics.sourced], datasourceIds: [] });
    const digest = await new DigestCache(deps()).get(recipient, DATE);
    expect(digest?.template.text).toContain('Unfollowed source story');
    expect(digest?.summaryCount).toBe(3);
  });

  it('falls back to the chosen topics when the account follows nothing', async () => {
    const { email } = await reader('nothing', []);
    await runDigestTick(deps());
    const [mail] = received(email);
    expect(mail?.text).toContain('Chosen topic story');
    expect(mail?.text).not.toContain('Followed topic story');
  });

  it('ignores follows of topics and sources removed or turned off since, without failing the send', async () => {
    const gone = await insertTopics(db.prisma, 1);
    const goneSource = await insertSource(topics.sourced, 'gone-blog');
    const { email, subscriber } = await reader('removed', [
      { topicId: topics.followed },
      { topicId: topics.off },
      { topicId: gone[0]!.id },
      { datasourceId: sources.off },
      { datasourceId: goneSource },
    ]);
    await db.prisma.topic.update({ where: { id: topics.off }, data: { isActive: false } });
    await db.prisma.datasource.update({ where: { id: sources.off }, data: { isActive: false } });
    await db.prisma.topic.delete({ where: { id: gone[0]!.id } });
    await db.prisma.datasource.delete({ where: { id: goneSource } });
    // Someone who followed only what is gone now gets their chosen topics.
    const left = await reader('left', [{ topicId: topics.off }, { datasourceId: sources.off }]);

    const outcome = await deliverDigest(
      deps(),
      (await loadRecipient(db.prisma, subscriber.id))!,
      DATE,
      new DigestCache(deps()),
    );
    expect(outcome).toBe('sent');
    const [mail] = received(email);
    expect(mail?.text).toContain('Followed topic story');
    expect(mail?.text).not.toContain('Turned off topic story');
    expect(mail?.text).not.toContain('Turned off source story');
    expect(mail?.text).not.toContain('Chosen topic story');

    await runDigestTick(deps());
    const [fallback] = received(left.email);
    expect(fallback?.text).toContain('Chosen topic story');
    expect(fallback?.text).not.toContain('Turned off');
  });
});
