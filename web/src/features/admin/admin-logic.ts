import type { AdminDatasource, DatasourceStatus, Platform } from '@app/contracts';
import {
  type Platform as DbPlatform,
  defaultConfigFor,
  defaultLanguageFor,
  platformFromId,
} from '@app/db/platform-defaults';

// The admin area's rules that live in the browser (content spec §4, §5, §8), kept pure for tests.

export const MSG = {
  selectTopics: '请选择主题',
  selectDatasources: '请选择数据源',
  invalidConfig: '配置必须是有效的JSON格式',
  configErrorTitle: '配置错误',
  noCrawlable: '没有可抓取的数据源',
  noActive: '没有活跃的数据源',
} as const;

/** Toast titles of §8. */
export const TOAST = {
  loadFailed: '加载失败',
  addFailed: '添加失败',
  updateFailed: '更新失败',
  deleteFailed: '删除失败',
  crawlFailed: '抓取任务创建失败',
  batchCrawlFailed: '批量抓取任务创建失败',
  processFailed: '任务处理失败',
  batchFailed: '批量操作失败',
  dataCleanupFailed: '数据清理失败',
  postsCleanupFailed: 'Posts表清理失败',
  added: '添加成功',
  updated: '更新成功',
  deleted: '删除成功',
  crawlCreated: '抓取任务创建成功',
  batchCrawlCreated: '批量抓取任务创建成功',
  processed: '任务处理成功',
  dataCleaned: '数据清理完成',
  postsCleaned: 'Posts表清理完成',
} as const;

/** Display names of the admin area (spec §3 "Platform display names in one area"). */
export const PLATFORM_LABELS: Record<Platform, string> = {
  blog: 'Blog',
  youtube: 'YouTube',
  podcast: 'Podcast',
  xiaohongshu: '小红书',
  reddit: 'Reddit',
  twitter: 'Twitter',
  'twitter-rss': 'Twitter RSS',
  wechat: '微信公众号',
};

export const STATUS_LABELS: Record<DatasourceStatus, string> = {
  disabled: '已禁用',
  pending: '待抓取',
  normal: '正常',
};
export const STATUS_COLORS: Record<DatasourceStatus, string> = {
  disabled: 'gray',
  pending: 'yellow',
  normal: 'teal',
};

/** Spec §4: disabled when inactive, pending when active but never crawled, normal otherwise. */
export function datasourceStatus(
  source: Pick<AdminDatasource, 'is_active' | 'last_crawled_at'>,
): DatasourceStatus {
  if (!source.is_active) return 'disabled';
  return source.last_crawled_at ? 'normal' : 'pending';
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Spec §4: never; 'just now' under 1 h; N hours under 24 h; N days under 7 days; otherwise a date. */
export function lastCrawledText(iso: string | null, now: Date = new Date()): string {
  if (!iso) return '从未抓取';
  const at = new Date(iso);
  const age = now.getTime() - at.getTime();
  if (age < HOUR) return '刚刚';
  if (age < DAY) return `${Math.floor(age / HOUR)}小时前`;
  if (age < 7 * DAY) return `${Math.floor(age / DAY)}天前`;
  return new Intl.DateTimeFormat('zh-CN', { dateStyle: 'long' }).format(at);
}

/** Keywords: comma-separated (ASCII or full-width), trimmed, empties dropped. */
export function parseKeywords(text: string): string[] {
  return text
    .split(/[,，]/)
    .map((k) => k.trim())
    .filter((k) => k.length > 0);
}

export type DatasourceForm = {
  topic_id: string;
  platform: Platform | '';
  source_name: string;
  source_url: string;
  language: 'EN' | 'ZH';
  config: string;
  is_active: boolean;
};

export const TWITTER_NAME_SUFFIX = ' 相关推文';

export function configTextFor(platform: DbPlatform): string {
  return JSON.stringify(defaultConfigFor(platform), null, 2);
}

/**
 * Spec §4: choosing a platform resets config to that platform's default, clears URL and name,
 * and sets the language to ZH for wechat and xiaohongshu, EN otherwise.
 */
export function withPlatform(form: DatasourceForm, id: Platform): DatasourceForm {
  const platform = platformFromId(id);
  if (!platform) return form;
  return {
    ...form,
    platform: id,
    config: configTextFor(platform),
    source_url: '',
    source_name: '',
    language: defaultLanguageFor(platform),
  };
}

/** For twitter the URL field holds the keyword and the name follows it. */
export function withUrl(form: DatasourceForm, url: string): DatasourceForm {
  return form.platform === 'twitter'
    ? { ...form, source_url: url, source_name: url.trim() ? `${url.trim()}${TWITTER_NAME_SUFFIX}` : '' }
    : { ...form, source_url: url };
}

export type FormCheck =
  | { ok: true; config: Record<string, unknown> }
  | { ok: false; title: string; message: string; field: keyof DatasourceForm };

/** Spec §5 datasource form: topic, platform, name and URL required; config must be a JSON object. */
export function checkDatasourceForm(form: DatasourceForm): FormCheck {
  if (!form.topic_id) return { ok: false, title: TOAST.addFailed, message: '请选择主题', field: 'topic_id' };
  if (!form.platform) return { ok: false, title: TOAST.addFailed, message: '请选择平台', field: 'platform' };
  if (!form.source_name.trim()) {
    return { ok: false, title: TOAST.addFailed, message: '请输入数据源名称', field: 'source_name' };
  }
  if (!form.source_url.trim()) {
    const message =
      form.platform === 'twitter'
        ? '请输入搜索关键词'
        : form.platform === 'twitter-rss'
          ? '请输入RSS URL'
          : '请输入URL';
    return { ok: false, title: TOAST.addFailed, message, field: 'source_url' };
  }
  try {
    const config: unknown = JSON.parse(form.config || '{}');
    if (!config || typeof config !== 'object' || Array.isArray(config)) throw new Error('not an object');
    return { ok: true, config: config as Record<string, unknown> };
  } catch {
    return { ok: false, title: MSG.configErrorTitle, message: MSG.invalidConfig, field: 'config' };
  }
}

type Crawlable = Pick<AdminDatasource, 'id' | 'is_active'>;
export type CrawlPlan = { ok: true; ids: string[] } | { ok: false; message: string };

/** Crawl of the selected sources: only the active ones; none active → '没有可抓取的数据源'. */
export function planSelectedCrawl(selected: readonly Crawlable[]): CrawlPlan {
  if (selected.length === 0) return { ok: false, message: MSG.selectDatasources };
  const ids = selected.filter((s) => s.is_active).map((s) => s.id);
  return ids.length > 0 ? { ok: true, ids } : { ok: false, message: MSG.noCrawlable };
}

/** Crawl of everything the filters show: empty → '没有可抓取的数据源', none active → '没有活跃的数据源'. */
export function planFilteredCrawl(filtered: readonly Crawlable[]): CrawlPlan {
  if (filtered.length === 0) return { ok: false, message: MSG.noCrawlable };
  const ids = filtered.filter((s) => s.is_active).map((s) => s.id);
  return ids.length > 0 ? { ok: true, ids } : { ok: false, message: MSG.noActive };
}

/** Toggles one id in a selection set (batch mode checkboxes). */
export function toggleSelection(selection: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selection);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
