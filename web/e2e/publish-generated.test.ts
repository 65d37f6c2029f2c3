import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';
import { pageScrollWidth } from './page-checks.ts';

// Generated copy is private to its author until they publish it from their history; then the topic
// page's generated tab shows it to everyone, by the author's display name, and never their instructions.
// Both languages, on a 375 px phone.

const PHONE = { width: 375, height: 740 };
const AUTHOR = 'Ada Writer';
const INSTRUCTIONS = 'secret-instructions-for-my-own-eyes';

let stack: Stack;
let topicId: string;
let author: { email: string; password: string };

/** A completed task with one private result, as the worker writes it, made from a fresh summary. */
async function insertDraft(userId: string, datasourceId: string, headline: string, content: string) {
  const prisma = stack.prisma;
  const summary = await prisma.summary.create({
    data: {
      headline,
      content: `${headline}: the summary.`,
      summaryType: 'blog_post',
      language: 'EN',
      topicId,
      datasourceId,
      sourceUrls: ['https://blog.example.com/publish'],
    },
  });
  const task = await prisma.contentGenerationQueue.create({
    data: {
      userId,
      summaryId: summary.id,
      status: 'completed',
      targetPlatforms: ['linkedin'],
      userInput: INSTRUCTIONS,
      progress: 100,
      completedAt: new Date(),
    },
  });
  const result = await prisma.userGeneratedContent.create({
    data: { userId, taskId: task.id, summaryId: summary.id, targetPlatform: 'linkedin', content },
  });
  await prisma.contentGenerationQueue.update({ where: { id: task.id }, data: { resultIds: [result.id] } });
  return result;
}

beforeAll(async () => {
  stack = await startStack();
  const topic = await stack.prisma.topic.create({
    data: { slug: `e2e-publish-${Date.now()}`, name: 'Publishing', nameZh: '发布' },
  });
  topicId = topic.id;
  const datasource = await stack.prisma.datasource.create({
    data: {
      topicId,
      platform: 'blog',
      sourceName: 'Publish Blog',
      sourceUrl: 'https://blog.example.com/feed',
    },
  });
  const user = await stack.createUser({ email: uniqueEmail('e2e-publish'), plan: 'pro' });
  await stack.prisma.userProfile.update({ where: { id: user.id }, data: { displayName: AUTHOR } });
  author = user;
  await insertDraft(user.id, datasource.id, 'English headline to publish', 'My English post for LinkedIn.');
  await insertDraft(user.id, datasource.id, 'Chinese page headline', '我的中文领英帖子。');
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const LANGUAGES = [
  {
    prefix: '',
    headline: 'English headline to publish',
    content: 'My English post for LinkedIn.',
    words: { private: 'Private', published: 'Published', tab: 'Generated content', by: `by ${AUTHOR}` },
    confirm: `under your display name “${AUTHOR}”`,
    done: 'Published on the topic page',
  },
  {
    prefix: '/zh',
    headline: 'Chinese page headline',
    content: '我的中文领英帖子。',
    words: { private: '私密', published: '已发布', tab: '生成内容', by: `作者：${AUTHOR}` },
    confirm: `以你的显示名称“${AUTHOR}”出现在主题页面上`,
    done: '已发布到主题页面',
  },
] as const;

/** The generated tab of the topic page as a visitor sees it: the texts of its items. */
async function visitorSees(page: Page, prefix: string, tab: string): Promise<string[]> {
  await page.goto(`${prefix}/topics/${topicId}`);
  await page.getByTestId('topic-title').waitFor({ timeout: 15_000 });
  await page.getByRole('tab', { name: tab }).click();
  // Loaded: the items, or the text saying there are none (an error shows neither).
  await page.locator('[data-testid="generated-item"], [data-testid="generated-empty"]').first().waitFor();
  return page.getByTestId('generated-item').allTextContents();
}

describe('publishing generated content', () => {
  it.each(LANGUAGES)(
    '$prefix: the author publishes from the history and a visitor sees it on the topic page',
    async (lang) => {
      const visitor = await stack.newPage({ viewport: PHONE });
      // Private first: the visitor's topic page does not show it.
      expect((await visitorSees(visitor, lang.prefix, lang.words.tab)).join('\n')).not.toContain(
        lang.content,
      );

      const page = await stack.newPage({ viewport: PHONE });
      await page.goto(`${lang.prefix}/`);
      await stack.signIn(page, author.email, author.password);
      await page.goto(`${lang.prefix}/content-history`);
      const task = page.getByTestId('history-task').filter({ hasText: lang.headline });
      await expect.poll(() => task.count(), { timeout: 15_000 }).toBe(1);
      await task.locator('button[aria-expanded]').click();
      const result = task.getByTestId('generation-result');
      await expect.poll(() => result.getByTestId('result-visibility').textContent()).toBe(lang.words.private);

      await result.getByTestId('publish-result').click();
      const confirmText = page.getByTestId('publish-confirm-text');
      await expect.poll(() => confirmText.textContent(), { timeout: 15_000 }).toContain(lang.confirm);
      await expectAccessible(page, `${lang.prefix || '/'} publish confirmation`);
      await page.getByTestId('confirm-publish').click();
      await expect.poll(() => page.getByText(lang.done).first().isVisible()).toBe(true);
      await expect
        .poll(() => result.getByTestId('result-visibility').textContent())
        .toBe(lang.words.published);
      expect(await result.getByTestId('unpublish-result').isVisible()).toBe(true);
      await expectAccessible(page, `${lang.prefix || '/'} history with a published result`);
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(PHONE.width);

      // The visitor now sees it, by the author's display name, without the author's instructions.
      await expect
        .poll(async () => (await visitorSees(visitor, lang.prefix, lang.words.tab)).join('\n'), {
          timeout: 15_000,
        })
        .toContain(lang.content);
      const item = visitor.getByTestId('generated-item').filter({ hasText: lang.content });
      expect(await item.getByTestId('generated-author').textContent()).toBe(lang.words.by);
      expect(await visitor.locator('body').textContent()).not.toContain(INSTRUCTIONS);
      await expectAccessible(visitor, `${lang.prefix || '/'} topic page, published generated content`);
      expect(await pageScrollWidth(visitor)).toBeLessThanOrEqual(PHONE.width);

      // Unpublishing takes it off the topic page again.
      await result.getByTestId('unpublish-result').click();
      await expect.poll(() => result.getByTestId('result-visibility').textContent()).toBe(lang.words.private);
      await expect
        .poll(async () => (await visitorSees(visitor, lang.prefix, lang.words.tab)).join('\n'), {
          timeout: 15_000,
        })
        .not.toContain(lang.content);
      await page.context().close();
      await visitor.context().close();
    },
    120_000,
  );
});
