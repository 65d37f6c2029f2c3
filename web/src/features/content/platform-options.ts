import { PLATFORMS, type Platform, sortPlatforms } from '@app/contracts';
import type { TFunction } from '../../i18n/react';

/**
 * The platforms a reader picks from (summary filter, source suggestion), in the spec's order.
 * Keyword Twitter and Twitter RSS share the display name "Twitter", so the keyword one says (API).
 */
export function platformOptions(t: TFunction<'content'>): { value: Platform; label: string }[] {
  return PLATFORMS.map((id) => ({
    value: id,
    label: id === 'twitter' ? `${t('platforms.twitter')} (API)` : t(`platforms.${id}`),
  }));
}

/** A platform id's display name in the reader's language (source and generation platforms alike). */
export function platformLabel(t: TFunction<'content'>, id: string): string {
  return t(`platforms.${id}` as 'platforms.blog', id);
}

/**
 * The display names of a set of platforms, each once, in the spec's order: a topic with keyword
 * Twitter and Twitter RSS sources shows "Twitter" once.
 */
export function platformBadgeLabels(t: TFunction<'content'>, platforms: readonly string[]): string[] {
  return [...new Set(sortPlatforms(platforms).map((id) => platformLabel(t, id)))];
}
