import { describe, expect, it } from 'vitest';
import { MESSAGES_MESSAGES } from './admin-messages';
import { statusFilter } from './kit/filters';
import { createI18n } from '../../i18n';
import {
  type AdminT,
  checkDatasourceForm,
  crawlErrorText,
  type DatasourceForm,
  lastCrawledText,
  planFilteredCrawl,
  planSelectedCrawl,
  toggleSelection,
  withPlatform,
  withUrl,
} from './admin-logic';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const H = 3_600_000;
// The helpers take a screen's Lingui `t`; here, each language's Lingui instance with every catalog in.
const linguiT = (language: 'en' | 'zh'): AdminT => {
  const { lingui } = createI18n(language);
  return (descriptor) => lingui._(descriptor);
};
const zh = linguiT('zh');
const en = linguiT('en');

describe('crawl error and last-crawled text', () => {
  it('describes each crawl error class in words, in both languages', () => {
    expect(crawlErrorText(en, 'network')).toBe('Could not reach the site (network or DNS error)');
    expect(crawlErrorText(zh, 'config')).toBe('数据源配置缺失或有误（请检查 URL 和配置）');
    expect(crawlErrorText(en, 'something_new')).toBe('Crawl failed');
  });

  it('speaks in just now, minutes, hours, days, then a date (Chinese)', () => {
    expect(lastCrawledText(null, zh, 'zh', now)).toBe('从未抓取');
    expect(lastCrawledText(ago(59_000), zh, 'zh', now)).toBe('刚刚');
    expect(lastCrawledText(ago(59 * 60_000), zh, 'zh', now)).toBe('59分钟前');
    expect(lastCrawledText(ago(H), zh, 'zh', now)).toBe('1小时前');
    expect(lastCrawledText(ago(23.9 * H), zh, 'zh', now)).toBe('23小时前');
    expect(lastCrawledText(ago(24 * H), zh, 'zh', now)).toBe('1天前');
    expect(lastCrawledText(ago(6.9 * 24 * H), zh, 'zh', now)).toBe('6天前');
    expect(lastCrawledText(ago(7 * 24 * H), zh, 'zh', now)).toBe('2026年11月15日');
  });

  it('speaks in just now, minutes, hours, days, then a date (English)', () => {
    expect(lastCrawledText(null, en, 'en', now)).toBe('Never crawled');
    expect(lastCrawledText(ago(59_000), en, 'en', now)).toBe('Just now');
    expect(lastCrawledText(ago(60_000), en, 'en', now)).toBe('1 minute ago');
    expect(lastCrawledText(ago(59 * 60_000), en, 'en', now)).toBe('59 minutes ago');
    expect(lastCrawledText(ago(H), en, 'en', now)).toBe('1 hour ago');
    expect(lastCrawledText(ago(23.9 * H), en, 'en', now)).toBe('23 hours ago');
    expect(lastCrawledText(ago(24 * H), en, 'en', now)).toBe('1 day ago');
    expect(lastCrawledText(ago(6.9 * 24 * H), en, 'en', now)).toBe('6 days ago');
    expect(lastCrawledText(ago(7 * 24 * H), en, 'en', now)).toBe('November 15, 2026');
  });
});

describe('datasource form', () => {
  const empty: DatasourceForm = {
    topic_id: 't',
    platform: '',
    source_name: 'old',
    source_url: 'https://old',
    language: 'EN',
    config: '{}',
    is_active: true,
  };

  it('resets config, URL, name and language when the platform changes', () => {
    const wechat = withPlatform(empty, 'wechat');
    expect(wechat).toMatchObject({ platform: 'wechat', source_name: '', source_url: '', language: 'ZH' });
    expect(JSON.parse(wechat.config)).toMatchObject({ max_posts_per_crawl: 10, rss_mode: true });
    expect(withPlatform(wechat, 'xiaohongshu').language).toBe('ZH');
    const reddit = withPlatform(wechat, 'reddit');
    expect(reddit.language).toBe('EN');
    expect(JSON.parse(reddit.config)).toEqual({ subreddit: '', sort: 'hot', time_filter: 'day', limit: 25 });
  });

  it('names a twitter source after its keyword', () => {
    const twitter = withUrl(withPlatform(empty, 'twitter'), 'AI agents');
    expect(twitter.source_name).toBe('AI agents 相关推文');
    expect(withUrl(withPlatform(empty, 'blog'), 'https://x').source_name).toBe('');
  });

  it('requires fields and a JSON object config', () => {
    const ok = { ...withPlatform(empty, 'blog'), source_name: 'n', source_url: 'https://x' };
    expect(checkDatasourceForm(ok)).toEqual({ ok: true, config: { check_interval: 3600 } });
    expect(checkDatasourceForm({ ...ok, source_name: ' ' })).toMatchObject({
      ok: false,
      field: 'source_name',
    });
    expect(checkDatasourceForm({ ...ok, topic_id: '' })).toMatchObject({ ok: false, field: 'topic_id' });
    for (const config of ['{oops', '[]', '1', 'null']) {
      expect(checkDatasourceForm({ ...ok, config })).toEqual({
        ok: false,
        message: 'invalidConfig',
        field: 'config',
      });
    }
  });
});

describe('admin messages', () => {
  it('keep the spec wording in Chinese and have English forms', () => {
    const messages = {
      selectTopics: '请选择主题',
      selectDatasources: '请选择数据源',
      invalidConfig: '配置必须是有效的JSON格式',
      configErrorTitle: '配置错误',
      noCrawlable: '没有可抓取的数据源',
      noActive: '没有活跃的数据源',
    } as const;
    for (const [key, text] of Object.entries(messages)) {
      expect(zh(MESSAGES_MESSAGES[key]!)).toBe(text);
      expect(en(MESSAGES_MESSAGES[key]!)).not.toBe(text);
    }
    const status = statusFilter('status', zh);
    expect(status.kind === 'segmented' && status.options.map((option) => option.label)).toEqual([
      '全部',
      '活跃',
      '暂停',
    ]);
  });
});

describe('crawl plans', () => {
  const active = { id: 'a', is_active: true };
  const paused = { id: 'p', is_active: false };
  it('selected: active ones only, else the spec errors', () => {
    expect(planSelectedCrawl([])).toEqual({ ok: false, message: 'selectDatasources' });
    expect(planSelectedCrawl([paused])).toEqual({ ok: false, message: 'noCrawlable' });
    expect(planSelectedCrawl([paused, active])).toEqual({ ok: true, ids: ['a'] });
  });
  it('filtered: empty and no-active errors', () => {
    expect(planFilteredCrawl([])).toEqual({ ok: false, message: 'noCrawlable' });
    expect(planFilteredCrawl([paused])).toEqual({ ok: false, message: 'noActive' });
    expect(planFilteredCrawl([active, paused])).toEqual({ ok: true, ids: ['a'] });
  });
  it('toggles selection', () => {
    expect([...toggleSelection(new Set(['a']), 'b')]).toEqual(['a', 'b']);
    expect([...toggleSelection(new Set(['a']), 'a')]).toEqual([]);
  });
});
