import { seed } from '@app/db';
import { HtmlValidate } from 'html-validate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleAnimations } from './axe.ts';
import { type Stack, startStack } from './harness.ts';

// The public pages as the app draws them, checked by a third-party HTML validator (html-validate):
// what a browser forgives (a block inside an inline element, a link inside a button, headings that
// skip a level) is an error here. The seeded first-run content fills the pages.

/**
 * The validator's rules, with what is set aside and why: integrity hashes are asked of other sites'
 * files only (the build's own come from this origin, some by absolute URL: the preload helper's);
 * Mantine writes its own style attributes, and its responsive style props a <style> element beside the
 * component (`FRAMEWORK_MESSAGES`).
 */
const validatorFor = (origin: string) =>
  new HtmlValidate({
    extends: ['html-validate:standard'],
    rules: {
      'require-sri': ['error', { target: 'crossorigin', exclude: [origin] }],
      'heading-level': ['error', { allowMultipleH1: false, minInitialRank: 'h1' }],
      'no-inline-style': 'off',
    },
  });
/**
 * Messages about the framework's markup, not the pages': Mantine's inline <style> elements, and the
 * block wrapper Mantine's Switch puts inside its own <label>.
 */
const FRAMEWORK_MESSAGES: ((message: string, markup: string) => boolean)[] = [
  (message) => message.startsWith('<style> element is not permitted as content under '),
  (message, markup) =>
    message === '<div> element is not permitted as content under <label>' &&
    /^<?div class="[^"]*mantine-Switch-labelWrapper/.test(markup),
];

/** Controls inside other controls (a button in a link, a link in a button), which no validator rule here sees. */
const NESTED_CONTROLS =
  "[...document.querySelectorAll(':is(a, button, [role=button], [role=link]) :is(a, button, input, select, textarea, [role=button], [role=link])')].map((node) => node.outerHTML.slice(0, 160))";

let stack: Stack;
const paths: string[] = [];
beforeAll(async () => {
  stack = await startStack();
  await seed(stack.prisma, {});
  const topic = await stack.prisma.topic.findFirstOrThrow({ where: { slug: 'engineering' } });
  const post = await stack.prisma.blogPost.findFirstOrThrow({
    where: { status: 'published', language: 'EN' },
  });
  const channel = await stack.prisma.datasource.findFirst({ where: { platform: 'youtube', language: 'EN' } });
  paths.push(
    '/',
    '/content-summary',
    '/topics/engineering',
    `/topics/${topic.id}`,
    '/blog',
    `/blog/${post.slug}`,
    '/pricing',
    '/daily-podcast',
    '/other-youtube-sources',
    ...(channel ? [`/youtube/${encodeURIComponent(channel.sourceName)}`] : []),
  );
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

/**
 * Drawn: the served first paint (the home page's bar and hero, another page's reading view) has given
 * way to the app, whose page has its heading (a lazy page's comes after the frame around it).
 */
const DRAWN =
  "!document.querySelector('#root > [class^=\"fp-\"], [data-page-body]') && !!document.querySelector('#root h1')";

/** The page once the app has drawn it and its data has come. */
async function rendered(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await page.waitForSelector('#root > :not(style, .fp-bar, .fp-hero, [data-page-body])', {
    state: 'attached',
  });
  await page.waitForLoadState('networkidle');
  // On a slow host the network can go quiet before the page's code has drawn: wait for the page itself
  // (a page that never draws fails below, on what it shows).
  await page.waitForFunction(DRAWN, undefined, { timeout: 30_000 }).catch(() => undefined);
  await settleAnimations(page);
  return page.content();
}

describe('the public pages, as drawn, are valid HTML', () => {
  it('in English and Chinese, for a visitor', async () => {
    const page = await stack.newPage();
    const validator = validatorFor(stack.baseUrl);
    const found: string[] = [];
    for (const path of paths) {
      for (const target of [path, path === '/' ? '/zh' : `/zh${path}`]) {
        const html = await rendered(page, target);
        const report = await validator.validateString(html, target);
        for (const nested of (await page.evaluate(NESTED_CONTROLS)) as string[])
          found.push(`${target}: a control inside another: ${nested}`);
        for (const result of report.results)
          for (const message of result.messages)
            if (!FRAMEWORK_MESSAGES.some((allowed) => allowed(message.message, html.slice(message.offset))))
              found.push(`${target}: ${message.ruleId}: ${message.message} (${message.selector ?? ''})`);
      }
    }
    await page.context().close();
    expect(found).toEqual([]);
  }, 300_000);
});
