import { GENERATION_PLATFORM_LIMITS, GENERATION_PLATFORMS } from '@app/contracts';
import { postText } from '@app/rules';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import { readyToPost, templateCopy } from '../src/generator.ts';

// Copy is pasted into platforms that show text as it is: read back as markdown, it must be paragraphs of
// text only, and each hashtag must be in the list the page shows beside it, not in the text as well.

/** Every node type below the root, as a markdown parser reads `text`. */
function markdownNodes(text: string): Set<string> {
  const types = new Set<string>();
  type Node = { type: string; children?: Node[] };
  const visit = (node: Node) => {
    if (node.type !== 'root') types.add(node.type);
    for (const child of node.children ?? []) visit(child);
  };
  visit(fromMarkdown(text));
  return types;
}

const EN_SUMMARY = [
  '## Small models are getting good at code',
  '',
  'Teams compare **three** small models on _real_ repositories, with [the benchmark](https://example.com/b).',
  '',
  '### Key points',
  '',
  '- **What changed**: a 7B model passes `70%` of the tests',
  '- Why it matters: it runs on a laptop',
  '  1. no GPU',
  '  2. no cloud bill',
  '',
  '> Quoted: "good enough for most refactors"',
  '',
  '```ts',
  'const x = 1;',
  '```',
  '',
  '---',
  '',
  '![chart](https://example.com/chart.png)',
].join('\n');

const ZH_SUMMARY = [
  '## 小模型写代码越来越好',
  '',
  '团队在**真实**仓库上比较了三个小模型。',
  '',
  '- **变化**：7B 模型通过了 70% 的测试',
  '- 意义：笔记本上就能跑',
].join('\n');

const source = (content: string, language: 'en' | 'zh') => ({
  headline: language === 'en' ? 'Small models are getting good at code' : '小模型写代码越来越好',
  content,
  sourceUrls: ['https://blog.example.com/small-models'],
  sourceName: 'Example Blog',
  topicName: language === 'en' ? 'AI Tools' : 'AI 工具',
});

describe('template copy (no model)', () => {
  for (const language of ['en', 'zh'] as const) {
    for (const platform of GENERATION_PLATFORMS) {
      it(`${language} ${platform}: plain text within the limit, each hashtag once and only in the list`, () => {
        const copy = templateCopy({
          platform,
          style: 'professional',
          language,
          source: source(language === 'en' ? EN_SUMMARY : ZH_SUMMARY, language),
        });
        expect([...markdownNodes(copy.content)]).toEqual(expect.arrayContaining(['paragraph', 'text']));
        expect([...markdownNodes(copy.content)].sort()).toEqual(['paragraph', 'text']);
        for (const mark of ['##', '**', '```', '![', '](', '- ', '> ']) {
          expect(copy.content).not.toContain(mark);
        }
        expect(copy.hashtags.length).toBeGreaterThan(0);
        for (const tag of copy.hashtags) {
          expect(copy.content).not.toContain(`#${tag}`);
          expect(copy.hashtags.filter((other) => other.toLowerCase() === tag.toLowerCase())).toHaveLength(1);
        }
        expect(copy.content).not.toMatch(/#\p{L}/u);
        // Copied with its hashtags, the post still fits the platform.
        expect([...postText(copy.content, copy.hashtags)].length).toBeLessThanOrEqual(
          GENERATION_PLATFORM_LIMITS[platform],
        );
        expect(copy.content).toContain('https://blog.example.com/small-models');
      });
    }
  }

  it('keeps the summary’s words and lists as "•" lines; a heading that repeats the headline is left out', () => {
    const copy = templateCopy({
      platform: 'linkedin',
      style: 'professional',
      language: 'en',
      source: source(EN_SUMMARY, 'en'),
    });
    expect(copy.content).toContain(
      'Teams compare three small models on real repositories, with the benchmark.',
    );
    expect(copy.content).toContain('• What changed: a 7B model passes 70% of the tests');
    expect(copy.content).toContain('• no GPU');
    expect(copy.content.match(/Small models are getting good at code/g)).toHaveLength(1);
    expect(copy.content).not.toContain('const x');
    expect(copy.hashtags).toEqual(['AITools', 'ExampleBlog']);
  });

  it('a tweet is one line of prose', () => {
    const copy = templateCopy({
      platform: 'twitter',
      style: 'engaging',
      language: 'zh',
      source: source(ZH_SUMMARY, 'zh'),
    });
    expect(copy.content).toContain('团队在真实仓库上比较了三个小模型。变化：7B 模型通过了 70% 的测试；意义');
    expect(copy.hashtags).toEqual(['AI工具']);
  });
});

describe("a model's copy", () => {
  it('loses the markdown it wrote anyway, and its hashtags move to the list, once each', () => {
    const copy = readyToPost(
      [
        '**Big news** for #AI teams:',
        '',
        '- small models write code',
        '- they run on laptops',
        '',
        '#AI #SmallModels #Coding',
      ].join('\n'),
      ['#AI', 'SmallModels'],
    );
    expect(copy.content).toBe('Big news for AI teams:\n\n• small models write code\n• they run on laptops');
    expect(copy.hashtags).toEqual(['AI', 'SmallModels', 'Coding']);
    expect([...markdownNodes(copy.content)].sort()).toEqual(['paragraph', 'text']);
  });

  it('hashtags that end a line leave the text, even without a blank line before them', () => {
    expect(readyToPost('Small models write code.\n#AI #Coding', [])).toEqual({
      content: 'Small models write code.',
      hashtags: ['AI', 'Coding'],
    });
    expect(readyToPost('小模型会写代码了！ #人工智能 #编程', ['AI'])).toEqual({
      content: '小模型会写代码了！',
      hashtags: ['AI', '人工智能', '编程'],
    });
  });

  it('leaves C# and numbers alone', () => {
    expect(readyToPost('C# 12 ships; #1 on the list.', [])).toEqual({
      content: 'C# 12 ships; #1 on the list.',
      hashtags: [],
    });
  });
});
