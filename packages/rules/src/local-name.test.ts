import { describe, expect, it } from 'vitest';
import { localDescription, localName } from './local-name.ts';

describe('a named thing in the reader’s language', () => {
  const topic = {
    name: 'Engineering',
    name_zh: '工程',
    description: 'How teams build',
    description_zh: '团队如何构建',
  };

  it('takes the Chinese name and description on Chinese pages', () => {
    expect(localName(topic, 'zh')).toBe('工程');
    expect(localDescription(topic, 'zh')).toBe('团队如何构建');
  });

  it('takes the English ones on English pages, whatever Chinese ones there are', () => {
    expect(localName(topic, 'en')).toBe('Engineering');
    expect(localDescription(topic, 'en')).toBe('How teams build');
  });

  it('falls back to English where there is no Chinese text, and to null with no description at all', () => {
    const plain = { name: 'Startups', name_zh: null, description: 'Money', description_zh: '' };
    expect(localName(plain, 'zh')).toBe('Startups');
    expect(localDescription(plain, 'zh')).toBe('Money');
    expect(localDescription({ description: null, description_zh: null }, 'zh')).toBeNull();
    expect(localDescription({ description: '' }, 'en')).toBeNull();
  });
});
