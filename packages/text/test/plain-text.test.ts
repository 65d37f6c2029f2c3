import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import { plainText } from '../src/plain-text.ts';

const SEED = [
  '## Agent frameworks compared',
  '',
  'Teams compare **three** agent frameworks, see [the post](https://example.com/p).',
  '',
  '**Key points**',
  '',
  '- What changed: a `fresh` look',
  '- Why it matters:',
  '  - faster iteration',
  '  - fewer surprises',
  '',
  '```',
  'npm i agents',
  '```',
  '<div>raw</div>',
].join('\n');

describe('plainText', () => {
  it('keeps the words, one block per paragraph and a "•" line per list item', () => {
    expect(plainText(SEED)).toBe(
      [
        'Agent frameworks compared',
        '',
        'Teams compare three agent frameworks, see the post.',
        '',
        'Key points',
        '',
        '• What changed: a fresh look\n• Why it matters:\n• faster iteration\n• fewer surprises',
      ].join('\n'),
    );
  });

  it('reads back as paragraphs of text only', () => {
    const types = new Set<string>();
    type Node = { type: string; children?: Node[] };
    const visit = (node: Node) => {
      types.add(node.type);
      for (const child of node.children ?? []) visit(child);
    };
    visit(fromMarkdown(plainText(SEED)));
    expect([...types].sort()).toEqual(['paragraph', 'root', 'text']);
  });

  it('leaves out a heading that repeats the headline, joins Chinese lines without spaces', () => {
    expect(plainText('## 标题\n\n第一行\n第二行', { headline: '标题' })).toBe('第一行第二行');
  });

  it('cuts between words with "…", never after a bare bullet', () => {
    const text = plainText('Intro words here.\n\n- first item\n- second item', { maxLength: 22 });
    expect(text).toBe('Intro words here…');
    expect([...plainText('one two three four five', { maxLength: 12 })].length).toBeLessThanOrEqual(12);
    expect(plainText('one two three four five', { maxLength: 12 })).toBe('one two…');
  });
});
