import { describe, expect, it } from 'vitest';
import { summaryExcerpt } from '../src/summary-excerpt.ts';

// The shapes summaries come in: the summariser's bullet lists, and the demo seed's heading, intro
// paragraph, bold label and bullets (packages/db/src/seed-demo-summaries.ts).
const EN_SEED = [
  '## Hacker News: Agent frameworks compared',
  '',
  'Teams compare three agent frameworks on real workloads.',
  '',
  '**Key points**',
  '',
  '- What changed: a fresh look at agent frameworks (part 1).',
  '- Why it matters: teams that adopt it early report faster iteration and fewer surprises.',
  '- Try it: the post links to code samples and a checklist you can reuse this week.',
].join('\n');

const ZH_SEED = [
  '## 少数派：智能体框架横评',
  '',
  '团队在真实负载上比较了三个智能体框架。',
  '',
  '**要点**',
  '',
  '- 有何变化：关于智能体框架的最新观察（第 1 篇）。',
  '- 为何重要：早期采用的团队迭代更快、意外更少。',
  '- 如何上手：原文附有示例代码与本周即可复用的清单。',
].join('\n');

const EN_BULLETS = [
  '### Key points',
  '- **What changed**: OpenAI released a [new Responses API](https://example.com/api) for agents',
  '- *Why it matters*: tool calls no longer need a `while` loop',
  '  - streaming works out of the box',
  '- Pricing is unchanged',
  '',
  '```ts',
  'const client = new OpenAI();',
  '```',
  '',
  '> Worth a look for anyone shipping agents',
].join('\n');

const ZH_BULLETS = [
  '### 要点',
  '- **发布内容**：OpenAI 推出面向智能体的 [Responses API](https://example.com/api)',
  '- *意义*：工具调用不再需要手写循环',
  '- 价格不变',
].join('\n');

describe('summaryExcerpt', () => {
  it('turns headings, bold labels and bullets into English sentences', () => {
    expect(summaryExcerpt(EN_SEED)).toBe(
      'Hacker News: Agent frameworks compared. Teams compare three agent frameworks on real workloads. ' +
        'Key points: What changed: a fresh look at agent frameworks (part 1). ' +
        'Why it matters: teams that adopt it early report faster iteration and fewer surprises. ' +
        'Try it: the post links to code samples and a checklist you can reuse this week.',
    );
  });

  it('joins list items with semicolons and drops links, code and quote markers', () => {
    expect(summaryExcerpt(EN_BULLETS)).toBe(
      'Key points: What changed: OpenAI released a new Responses API for agents; ' +
        'Why it matters: tool calls no longer need a while loop: streaming works out of the box; ' +
        'Pricing is unchanged. Worth a look for anyone shipping agents',
    );
  });

  it('uses Chinese punctuation for Chinese summaries', () => {
    expect(summaryExcerpt(ZH_SEED)).toBe(
      '少数派：智能体框架横评。团队在真实负载上比较了三个智能体框架。要点：' +
        '有何变化：关于智能体框架的最新观察（第 1 篇）。为何重要：早期采用的团队迭代更快、意外更少。' +
        '如何上手：原文附有示例代码与本周即可复用的清单。',
    );
    expect(summaryExcerpt(ZH_BULLETS)).toBe(
      '要点：发布内容：OpenAI 推出面向智能体的 Responses API；意义：工具调用不再需要手写循环；价格不变',
    );
  });

  it('takes the language it is given over the script it sees', () => {
    expect(summaryExcerpt('- 价格不变\n- API 相同', { language: 'en' })).toBe('价格不变; API 相同');
    expect(summaryExcerpt('- Pricing\n- API', { language: 'zh' })).toBe('Pricing；API');
  });

  it('leaves out a heading that repeats the headline shown beside it', () => {
    expect(summaryExcerpt(EN_SEED, { headline: 'Hacker News: Agent frameworks compared' })).toMatch(
      /^Teams compare three agent frameworks/,
    );
    expect(summaryExcerpt(ZH_SEED, { headline: '少数派：智能体框架横评' })).toMatch(/^团队在真实负载上/);
  });

  it('joins lines of one paragraph with a space, or none between Chinese characters', () => {
    expect(summaryExcerpt('One line\nand the next\n\n\nthen   more')).toBe(
      'One line and the next. then more',
    );
    expect(summaryExcerpt('第一行\n第二行')).toBe('第一行第二行');
  });

  it('cuts between words, within the length, with an ellipsis', () => {
    const cut = summaryExcerpt(EN_SEED, { maxLength: 60 });
    expect([...cut].length).toBeLessThanOrEqual(60);
    expect(cut).toBe('Hacker News: Agent frameworks compared. Teams compare three…');
    expect(summaryExcerpt(EN_SEED, { maxLength: 58 })).toBe(
      'Hacker News: Agent frameworks compared. Teams compare…',
    );
    expect(summaryExcerpt('Short text', { maxLength: 60 })).toBe('Short text');
    // One word longer than the excerpt is cut inside it.
    expect(summaryExcerpt('a'.repeat(100), { maxLength: 10 })).toBe(`${'a'.repeat(9)}…`);
  });

  it('cuts Chinese text between characters, never inside one', () => {
    const cut = summaryExcerpt(ZH_SEED, { maxLength: 30 });
    expect([...cut]).toHaveLength(30);
    expect(cut).toBe('少数派：智能体框架横评。团队在真实负载上比较了三个智能体框…');
    expect(summaryExcerpt('😀'.repeat(20), { maxLength: 5 })).toBe('😀😀😀😀…');
  });

  it('keeps the words of inline HTML and entities, not the tags', () => {
    expect(summaryExcerpt('Uses <b>bold</b> &amp; <img src=x onerror=alert(1)> tags')).toBe(
      'Uses bold & tags',
    );
  });

  it('is empty for an empty or code-only summary', () => {
    expect(summaryExcerpt('')).toBe('');
    expect(summaryExcerpt('```\ncode\n```')).toBe('');
  });
});
