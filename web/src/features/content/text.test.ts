import { describe, expect, it } from 'vitest';
import { cardExcerpt, EXCERPT_MAX, pageWindow, truncate } from './text';

describe('card text', () => {
  it('cuts by characters', () => {
    expect(truncate('a'.repeat(100), 80)).toBe(`${'a'.repeat(80)}…`);
    expect(truncate('智能体'.repeat(60), 150)).toHaveLength(151);
    expect(truncate('short', 80)).toBe('short');
  });
  it('reads a summary card excerpt as sentences, in the summary’s language', () => {
    const en = cardExcerpt({
      headline: 'Agents ship',
      language: 'EN',
      content: '## Agents ship\n\n### Key points\n- **What changed**: a new API\n- *Why*: fewer loops',
    });
    expect(en).toBe('Key points: What changed: a new API; Why: fewer loops');
    const zh = cardExcerpt({
      headline: '',
      language: 'ZH',
      content: '### 要点\n- **发布内容**：新的 API\n- 价格不变',
    });
    expect(zh).toBe('要点：发布内容：新的 API；价格不变');
    const long = cardExcerpt({ headline: '', language: 'EN', content: `- ${'word '.repeat(60)}` });
    expect([...long].length).toBeLessThanOrEqual(EXCERPT_MAX);
    expect(long).toMatch(/ word…$/);
  });
  it('windows pagination past 7 pages', () => {
    expect(pageWindow(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 'gap', 20]);
  });
});
