import { describe, expect, it } from 'vitest';
import { TWITTER_NAME_SUFFIX } from '@app/contracts';
import { sourceDisplayName } from './source-name.ts';

describe('sourceDisplayName', () => {
  it('names a keyword source by its keyword in English', () => {
    expect(sourceDisplayName(`system design${TWITTER_NAME_SUFFIX}`, 'en')).toBe('Tweets about system design');
    expect(sourceDisplayName('  AI agents   相关推文 ', 'en')).toBe('Tweets about AI agents');
    expect(sourceDisplayName('大模型相关推文', 'en')).toBe('Tweets about 大模型');
  });

  it('keeps the stored name in Chinese', () => {
    expect(sourceDisplayName('system design 相关推文', 'zh')).toBe('system design 相关推文');
  });

  it('leaves every other name as it is', () => {
    for (const name of ['TechWire', '机器之心', '相关推文', ' 相关推文', 'Tweets 相关推文 weekly', ''])
      expect(sourceDisplayName(name, 'en')).toBe(name);
    expect(sourceDisplayName('TechWire', 'zh')).toBe('TechWire');
  });
});
