import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { formatInstant } from '@app/time/format';
import { CRAWL_ERROR_CLASSES } from '@app/contracts';
import type { AdminDatasource, DatasourceStatus, Platform } from '@app/contracts';
import {
  type Platform as DbPlatform,
  defaultConfigFor,
  defaultLanguageFor,
  platformFromId,
} from '@app/db/platform-defaults';
import { localName, toLocale } from '@app/rules';
import type { Language } from '../../i18n/language';

// The admin area's rules that live in the browser (content spec §4, §5, §8), kept pure for tests.
// They speak in Lingui messages; the screens turn them into text with their `t`.

/** A screen's Lingui `t` (useLingui), as the helpers below take it. */
export type AdminT = (descriptor: MessageDescriptor) => string;

/** A validation or refusal message: a name in MESSAGES_MESSAGES (admin-messages.ts). */
export type AdminMessage =
  | 'selectTopics'
  | 'selectDatasources'
  | 'selectPlatform'
  | 'enterSourceName'
  | 'enterKeyword'
  | 'enterRssUrl'
  | 'enterUrl'
  | 'invalidConfig'
  | 'configErrorTitle'
  | 'noCrawlable'
  | 'noActive'
  | 'noTasksCreated'
  | 'tryLater';

/** The colours of a source's status (the server reads it from the source's crawl health). */
export const STATUS_COLORS: Record<DatasourceStatus, string> = {
  disabled: 'gray',
  pending: 'yellow',
  normal: 'teal',
  stale: 'orange',
  failing: 'red',
};

/** A topic's name in the admin's language: the Chinese one on /zh/admin where the topic has one. */
export const topicName = localName;

/** What a failed crawl's error class means, in words (an unknown class reads as a plain failure). */
const CRAWL_ERRORS: Record<(typeof CRAWL_ERROR_CLASSES)[number] | 'other', MessageDescriptor> = {
  timeout: msg({ id: 'admin.crawlErrors.timeout', message: 'Timed out: the site took too long to answer' }),
  http_4xx: msg({
    id: 'admin.crawlErrors.http_4xx',
    message: 'The site refused the request (page missing or access denied)',
  }),
  http_5xx: msg({ id: 'admin.crawlErrors.http_5xx', message: 'The site had a server error' }),
  rate_limited: msg({
    id: 'admin.crawlErrors.rate_limited',
    message: 'Too many requests: the site asked us to slow down',
  }),
  parse_error: msg({
    id: 'admin.crawlErrors.parse_error',
    message: 'The feed could not be read (not valid RSS, Atom or JSON)',
  }),
  blocked: msg({
    id: 'admin.crawlErrors.blocked',
    message: 'Address not allowed (a private or non-web address)',
  }),
  too_large: msg({ id: 'admin.crawlErrors.too_large', message: 'The answer was too large to read' }),
  network: msg({
    id: 'admin.crawlErrors.network',
    message: 'Could not reach the site (network or DNS error)',
  }),
  config: msg({
    id: 'admin.crawlErrors.config',
    message: "The source's settings are missing or wrong (check its URL and config)",
  }),
  other: msg({ id: 'admin.crawlErrors.other', message: 'Crawl failed' }),
};

export function crawlErrorText(t: AdminT, errorClass: string): string {
  return (CRAWL_ERROR_CLASSES as readonly string[]).includes(errorClass)
    ? t(CRAWL_ERRORS[errorClass as (typeof CRAWL_ERROR_CLASSES)[number]])
    : t(CRAWL_ERRORS.other);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Never; 'just now' under a minute; N minutes under 1 h; N hours under 24 h; N days under 7 days; otherwise a date. */
export function lastCrawledText(
  iso: string | null,
  t: AdminT,
  language: Language,
  now: Date = new Date(),
): string {
  if (!iso) return t(msg({ id: 'admin.lastCrawled.never', message: 'Never crawled' }));
  const at = new Date(iso);
  const age = now.getTime() - at.getTime();
  if (age < MINUTE) return t(msg({ id: 'admin.lastCrawled.justNow', message: 'Just now' }));
  if (age < HOUR) {
    const count = Math.floor(age / MINUTE);
    return t(
      msg({
        id: 'admin.lastCrawled.minutesAgo',
        message: plural(count, { one: '# minute ago', other: '# minutes ago' }),
      }),
    );
  }
  if (age < DAY) {
    const count = Math.floor(age / HOUR);
    return t(
      msg({
        id: 'admin.lastCrawled.hoursAgo',
        message: plural(count, { one: '# hour ago', other: '# hours ago' }),
      }),
    );
  }
  if (age < 7 * DAY) {
    const count = Math.floor(age / DAY);
    return t(
      msg({
        id: 'admin.lastCrawled.daysAgo',
        message: plural(count, { one: '# day ago', other: '# days ago' }),
      }),
    );
  }
  return formatInstant(at, toLocale(language), { date: 'long' });
}

/** The toast after crawl tasks were created, with the errors' count when some sources failed. */
export function crawlResultText(t: AdminT, result: { tasksCreated: number; errors: string[] }): string {
  const count = result.tasksCreated;
  const errors = result.errors.length;
  return errors
    ? t(
        msg({
          id: 'admin.toast.crawlTasksCreatedWithErrors',
          message: plural(count, {
            one: `Created # crawl task; errors: ${errors}`,
            other: `Created # crawl tasks; errors: ${errors}`,
          }),
        }),
      )
    : t(
        msg({
          id: 'admin.toast.crawlTasksCreated',
          message: plural(count, { one: 'Created # crawl task', other: 'Created # crawl tasks' }),
        }),
      );
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

/** A keyword source's name is data, in the spec's wording whatever the admin's language. */
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
  | { ok: false; message: AdminMessage; field: keyof DatasourceForm };

/**
 * Spec §5 datasource form: topic, platform, name and URL required; config must be a JSON object
 * (a config error is titled 'configErrorTitle', the others by the add or update failure).
 */
export function checkDatasourceForm(form: DatasourceForm): FormCheck {
  if (!form.topic_id) return { ok: false, message: 'selectTopics', field: 'topic_id' };
  if (!form.platform) return { ok: false, message: 'selectPlatform', field: 'platform' };
  if (!form.source_name.trim()) return { ok: false, message: 'enterSourceName', field: 'source_name' };
  if (!form.source_url.trim()) {
    const message =
      form.platform === 'twitter'
        ? 'enterKeyword'
        : form.platform === 'twitter-rss'
          ? 'enterRssUrl'
          : 'enterUrl';
    return { ok: false, message, field: 'source_url' };
  }
  try {
    const config: unknown = JSON.parse(form.config || '{}');
    if (!config || typeof config !== 'object' || Array.isArray(config)) throw new Error('not an object');
    return { ok: true, config: config as Record<string, unknown> };
  } catch {
    return { ok: false, message: 'invalidConfig', field: 'config' };
  }
}

type Crawlable = Pick<AdminDatasource, 'id' | 'is_active'>;
export type CrawlPlan = { ok: true; ids: string[] } | { ok: false; message: AdminMessage };

/** Crawl of the selected sources: only the active ones; none active → noCrawlable. */
export function planSelectedCrawl(selected: readonly Crawlable[]): CrawlPlan {
  if (selected.length === 0) return { ok: false, message: 'selectDatasources' };
  const ids = selected.filter((s) => s.is_active).map((s) => s.id);
  return ids.length > 0 ? { ok: true, ids } : { ok: false, message: 'noCrawlable' };
}

/** Crawl of everything the filters show: empty → noCrawlable, none active → noActive. */
export function planFilteredCrawl(filtered: readonly Crawlable[]): CrawlPlan {
  if (filtered.length === 0) return { ok: false, message: 'noCrawlable' };
  const ids = filtered.filter((s) => s.is_active).map((s) => s.id);
  return ids.length > 0 ? { ok: true, ids } : { ok: false, message: 'noActive' };
}

/** Toggles one id in a selection set (batch mode checkboxes). */
export function toggleSelection(selection: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selection);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** A date and time in the page's language (a story's first and last report, a report's publication). */
export function formatDateTime(iso: string, language: Language) {
  return formatInstant(iso, toLocale(language), { date: 'medium', time: 'short' });
}
