import { randomBytes } from 'node:crypto';
import { dueZones } from '@app/digest';
import { addDays, zonedHourToInstant } from '@app/time';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';
import { pageScrollWidth } from './page-checks.ts';

// The admin's operations in the browser: make today's podcast and make a failed one again (the
// real podcast worker, speaking with espeak-ng from npm), then find it on /daily-podcast; preview a digest, send one, and
// send to everyone due after a confirmation with the count (the real mailer). Dialogs pass axe-core
// in English and Chinese, at 320 px too.

let stack: Stack;
let admin: { email: string; password: string };
const TODAY = new Date().toISOString().slice(0, 10);
const YESTERDAY = addDays(TODAY, -1);
const stamp = Date.now().toString(36);
const podcastTopic = `Ops Podcast ${stamp}`;
const digestTopic = `Ops Digest ${stamp}`;
const subscribers = { one: uniqueEmail('digest-one'), due: uniqueEmail('digest-due') };
let failedTaskId: string;

beforeAll(async () => {
  // espeak-wasm needs no program on the PATH; a podcast without audio would be failed, not done.
  stack = await startStack({ mailer: true, podcastEngine: 'espeak-wasm' });
  admin = await stack.createUser({ email: uniqueEmail('ops-admin'), role: 'admin' });
  const prisma = stack.prisma;
  const topic = await prisma.topic.create({ data: { name: podcastTopic, slug: `ops-podcast-${stamp}` } });
  const summary = (language: 'EN' | 'ZH', createdAt: Date, topicId: string, headline: string) => ({
    topicId,
    language,
    summaryType: 'blog_post' as const,
    headline,
    content: `${headline} The details are in the source.`,
    sourceUrls: ['https://example.com/ops'],
    metadata: { source_name: 'Ops Weekly' },
    createdAt,
  });
  // Today's (a minute ago, today in UTC) and yesterday's summaries of the podcast topic.
  const justNow = new Date(Math.max(Date.now() - 60_000, Date.parse(`${TODAY}T00:00:01Z`)));
  await prisma.summary.createMany({
    data: [
      summary('EN', justNow, topic.id, 'Open models close the gap'),
      summary('ZH', justNow, topic.id, '开源模型与商业系统的差距正在缩小'),
      summary('EN', new Date(`${YESTERDAY}T12:00:00Z`), topic.id, 'Pricing lessons from founders'),
    ],
  });
  failedTaskId = (
    await prisma.podcastTask.create({
      data: {
        topicId: topic.id,
        targetDate: new Date(`${YESTERDAY}T00:00:00Z`),
        language: 'EN',
        status: 'failed',
        errorMessage: 'speech engine crashed',
        metadata: { topic_name: podcastTopic },
      },
    })
  ).id;

  // Two subscribers in a zone whose 8 AM has come, with a summary inside that day's digest window.
  const zone = dueZones(new Date())[0]!;
  const other = await prisma.topic.create({ data: { name: digestTopic, slug: `ops-digest-${stamp}` } });
  await prisma.summary.create({
    data: summary('EN', zonedHourToInstant(zone.date, 7, zone.timeZone), other.id, 'Agent frameworks ship'),
  });
  for (const email of Object.values(subscribers)) {
    await prisma.newsletterSubscriber.create({
      data: {
        email,
        timeZone: zone.timeZone,
        unsubscribeToken: randomBytes(24).toString('base64url'),
        confirmedAt: new Date(),
        subscriptions: { create: { topicId: other.id } },
      },
    });
  }
});

afterAll(async () => {
  await stack?.stop();
});

async function openTab(page: Page, adminPath: string, tab: string) {
  page.setDefaultTimeout(20_000);
  await page.goto(adminPath);
  await page.getByRole('tab', { name: tab }).click();
}

const taskRow = (page: Page, date: string) =>
  page.getByTestId('podcast-task').filter({ hasText: podcastTopic }).filter({ hasText: date });

// Making a podcast speaks and encodes it for real (espeak-ng, an MP3 encoder): on a loaded two-core
// machine that takes a minute, so the waits for "Done" are long.
describe('admin podcasts', { timeout: 300_000 }, () => {
  it("makes today's podcast, makes a failed one again, and the page plays it", async () => {
    const page = await stack.newPage({ viewport: { width: 1280, height: 900 } });
    await stack.signIn(page, admin.email, admin.password);
    await openTab(page, '/admin', 'Podcasts');
    const failedRow = taskRow(page, YESTERDAY);
    await expect.poll(() => failedRow.getByTestId('podcast-status').textContent()).toBe('Failed');
    await expectAccessible(page, 'admin podcasts');

    await page.getByTestId('podcast-generate').click();
    const results = page.getByTestId('podcast-result').filter({ hasText: podcastTopic });
    await expect
      .poll(() => results.allTextContents())
      .toEqual([`${podcastTopic} · English: queued`, `${podcastTopic} · Chinese: queued`]);
    await expect
      .poll(() => taskRow(page, TODAY).getByTestId('podcast-status').allTextContents(), { timeout: 90_000 })
      .toEqual(['Done', 'Done']);

    await failedRow.getByTestId('podcast-rerun').click();
    await expect
      .poll(() => failedRow.getByTestId('podcast-status').textContent(), { timeout: 90_000 })
      .toBe('Done');
    expect(await stack.prisma.podcastTask.count({ where: { topic: { name: podcastTopic } } })).toBe(3);
    expect((await stack.prisma.podcastTask.findUniqueOrThrow({ where: { id: failedTaskId } })).status).toBe(
      'completed',
    );

    // Asking again makes nothing new.
    await page.getByTestId('podcast-generate').click();
    await expect
      .poll(() => results.allTextContents())
      .toEqual([`${podcastTopic} · English: already done`, `${podcastTopic} · Chinese: already done`]);

    await page.goto('/daily-podcast');
    await expect
      .poll(() => page.getByTestId('podcast-card').filter({ hasText: podcastTopic }).count(), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await page.context().close();
  });

  it('fits a 320 px screen in Chinese and passes axe', async () => {
    const page = await stack.newPage({ viewport: { width: 320, height: 720 } });
    await stack.signIn(page, admin.email, admin.password);
    await openTab(page, '/zh/admin', '播客');
    await page.getByTestId('podcast-task').first().waitFor();
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(320);
    await expectAccessible(page, 'admin podcasts zh 320');
    await page.context().close();
  });
});

describe('admin digest', { timeout: 120_000 }, () => {
  it('previews a digest and counts who the send would mail before sending', async () => {
    const page = await stack.newPage({ viewport: { width: 1280, height: 900 } });
    await stack.signIn(page, admin.email, admin.password);
    await openTab(page, '/admin', 'Digest');
    await page.getByTestId('digest-preview-email').fill(subscribers.one);
    await page.getByTestId('digest-preview').click();
    const frame = page.getByTestId('digest-preview-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    // The sandbox runs no script, Playwright's included: the email is read from the frame's document.
    expect(await frame.getAttribute('srcdoc')).toContain('Agent frameworks ship');
    // The email inside is the digest's own markup (checked by the digest's tests); the frame runs no
    // script, so axe cannot look inside it.
    await expectAccessible(page, 'admin digest preview', ['[data-testid="digest-preview-frame"]']);

    await page.getByTestId('digest-send-due').click();
    await expect
      .poll(() => page.getByTestId('digest-due-count').textContent())
      .toBe("2 subscribers will get today's digest.");
    expect(await page.getByTestId('digest-confirm-send').textContent()).toBe('Send to 2');
    expect(stack.smtp.messages.filter((m) => /Agent frameworks ship/.test(m.text))).toHaveLength(0);
    await page.context().close();
  });

  it('fits a 320 px screen in Chinese, passes axe, and shows the count', async () => {
    const page = await stack.newPage({ viewport: { width: 320, height: 720 } });
    await stack.signIn(page, admin.email, admin.password);
    await openTab(page, '/zh/admin', '摘要邮件');
    await page.getByTestId('digest-send-due').waitFor();
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(320);
    await expectAccessible(page, 'admin digest zh 320');
    await page.getByTestId('digest-send-due').click();
    await expect
      .poll(() => page.getByTestId('digest-due-count').textContent())
      .toBe('将有 2 位订阅者收到今天的摘要邮件。');
    await page.context().close();
  });

  it('sends one address its digest now, then everyone due after the confirmation', async () => {
    const page = await stack.newPage({ viewport: { width: 1280, height: 900 } });
    await stack.signIn(page, admin.email, admin.password);
    await openTab(page, '/admin', 'Digest');
    const mailsTo = (email: string) =>
      stack.smtp.messages.filter((m) => m.to.includes(email) && /Agent frameworks ship/.test(m.text)).length;

    await page.getByTestId('digest-send-email').fill(subscribers.one);
    await page.getByTestId('digest-send-one').click();
    await expect.poll(() => mailsTo(subscribers.one), { timeout: 30_000 }).toBe(1);
    expect(mailsTo(subscribers.due)).toBe(0);

    await page.getByTestId('digest-send-due').click();
    const confirm = page.getByTestId('digest-confirm-send');
    await confirm.waitFor();
    await expectAccessible(page, 'admin digest send-to-all dialog');
    await confirm.click();
    await page.getByTestId('digest-due-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => mailsTo(subscribers.due), { timeout: 30_000 }).toBe(1);
    await page.context().close();
  });
});
