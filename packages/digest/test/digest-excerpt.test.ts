import { createTestDatabase, type TestDatabase } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDigestContent } from '../src/digest-content.ts';
import { renderDigestTemplate } from '../src/digest.template.ts';

// A digest reader sees each summary as a few sentences under its headline: the markdown's headings
// and bullets become punctuation, not words glued together ("Key points What changed …").
const EN_CONTENT = [
  '## Agents ship faster',
  '',
  '### Key points',
  '- **What changed**: a new [Responses API](https://example.com/api) for agents',
  '- *Why it matters*: tool calls need no hand-written loop',
].join('\n');

const ZH_CONTENT = [
  '## 智能体发布更快',
  '',
  '### 要点',
  '- **发布内容**：面向智能体的新 API',
  '- *意义*：工具调用不再需要手写循环',
].join('\n');

let db: TestDatabase;
let topicId: string;
const from = new Date(Date.now() - 3_600_000);
const to = new Date(Date.now() + 3_600_000);

beforeAll(async () => {
  db = await createTestDatabase();
  const topic = await db.prisma.topic.create({
    data: { slug: `excerpt-${Date.now().toString(36)}`, name: 'Agents', nameZh: '智能体' },
  });
  topicId = topic.id;
  await db.prisma.summary.createMany({
    data: [
      {
        topicId,
        language: 'EN',
        summaryType: 'blog_post',
        headline: 'Agents ship faster',
        content: EN_CONTENT,
      },
      { topicId, language: 'ZH', summaryType: 'blog_post', headline: '', content: ZH_CONTENT },
    ],
  });
});

afterAll(async () => {
  await db?.drop();
});

async function digestIn(language: 'en' | 'zh') {
  const content = await loadDigestContent(db.prisma, {
    language,
    topicIds: [topicId],
    from,
    to,
    date: to.toISOString().slice(0, 10),
    perTopic: 3,
  });
  return { content, email: await renderDigestTemplate(content, 'https://app.test') };
}

describe('digest excerpts', () => {
  it('read as English sentences, without the heading that repeats the headline', async () => {
    const { content, email } = await digestIn('en');
    const summary = content.topics[0]!.summaries[0]!;
    expect(summary.headline).toBe('Agents ship faster');
    expect(summary.excerpt).toBe(
      'Key points: What changed: a new Responses API for agents; Why it matters: tool calls need no hand-written loop',
    );
    expect(email.text).toContain(`  ${summary.excerpt}`);
    expect(email.text).not.toMatch(/Key points What changed|\*\*|###|\]\(/);
  });

  it('read as Chinese sentences with Chinese punctuation; a missing headline comes from the text', async () => {
    const { content, email } = await digestIn('zh');
    const summary = content.topics[0]!.summaries[0]!;
    expect(summary.headline).toBe(
      '智能体发布更快。要点：发布内容：面向智能体的新 API；意义：工具调用不再需要手写循环',
    );
    expect(summary.excerpt).toBe(
      '智能体发布更快。要点：发布内容：面向智能体的新 API；意义：工具调用不再需要手写循环',
    );
    expect(email.text).toContain(summary.excerpt);
    expect(email.html).toContain('要点：发布内容：面向智能体的新 API；意义：工具调用不再需要手写循环');
    expect(email.text).not.toMatch(/要点 发布内容|\*\*|###/);
  });
});
