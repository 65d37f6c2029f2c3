import type { SummaryDto } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { reasonText } from './for-you-reason';

const summary: SummaryDto = {
  id: 's1',
  headline: 'Markets rally on chips',
  excerpt: 'Markets rally.',
  summary_type: 'blog_post',
  language: 'EN',
  created_at: '2026-11-30T08:00:00.000Z',
  source_urls: [],
  metadata: {},
  topic: { id: 't-markets', name: 'Markets', name_zh: '市场' },
  datasource: {
    id: 'd-wire',
    source_name: 'market-daily',
    platform: 'blog',
    source_url: 'https://x.example',
  },
};
const topics = [
  { id: 't-markets', name: 'Markets', name_zh: '市场' },
  { id: 't-robots', name: 'Robots', name_zh: '机器人' },
] as never;

// Each language's Lingui instance with every catalog in, as a screen's Lingui `t`.
const bundled = { en: createI18n('en').lingui, zh: createI18n('zh').lingui };
const say = (language: 'en' | 'zh', reason: Parameters<typeof reasonText>[2], card = summary) =>
  reasonText((descriptor) => bundled[language]._(descriptor), card, reason, { topics, language });

describe('For you reasons in words', () => {
  it('name the followed topic or source, in the reader’s language', () => {
    expect(say('en', { kind: 'followed_topic', topic_id: 't-markets' })).toBe('Because you follow Markets');
    expect(say('zh', { kind: 'followed_topic', topic_id: 't-markets' })).toBe('因为你关注了 市场');
    expect(say('en', { kind: 'followed_source', datasource_id: 'd-wire' })).toBe(
      'Because you follow market-daily',
    );
    expect(say('en', { kind: 'read_topic', topic_id: 't-markets' })).toBe('You often read Markets');
    expect(say('en', { kind: 'like_saved', summary_id: 's0' })).toBe('Like a story you saved');
  });

  it('find a topic that is not the card’s own in the topic list', () => {
    expect(say('zh', { kind: 'read_topic', topic_id: 't-robots' })).toBe('你常读 机器人');
  });

  it('fall back to words without a name when the topic or source is unknown (deleted since)', () => {
    expect(say('en', { kind: 'followed_topic', topic_id: 'gone' })).toBe('From something you follow');
    expect(say('en', { kind: 'followed_source', datasource_id: 'gone' })).toBe('From something you follow');
    expect(say('en', { kind: 'read_source', datasource_id: 'gone' })).toBe('Like what you have been reading');
  });

  it('count the sources of a covered story, one and many', () => {
    expect(say('en', { kind: 'coverage', sources: 1 })).toBe('Covered by 1 source');
    expect(say('en', { kind: 'coverage', sources: 4 })).toBe('Covered by 4 sources');
    expect(say('zh', { kind: 'coverage', sources: 4 })).toBe('4 个来源报道');
    expect(say('en', { kind: 'recent' })).toBe('Among the newest');
  });
});
