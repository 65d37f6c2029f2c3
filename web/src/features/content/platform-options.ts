import { PLATFORMS, type Platform } from '@app/contracts';
import { sortPlatforms } from '@app/rules';

// The one place a platform gets its display name: the shared strings' `platforms` (i18n/en.json,
// zh.json), read by every screen through platformName (admin, source pages, cards, filters,
// generator). They live in the strings, not in code, so pages carry no names they do not show.

/** What a platform id names: a content source (the default) or a generation target. */
export type PlatformRole = 'source' | 'target';

/** The shared strings' translate function. */
type Translate = (key: string, fallback: string) => string;

/**
 * A platform's display name. A 'twitter' source is a keyword search ("Twitter search"); a generation
 * target 'twitter' is the network, named as a twitter-rss source is ("Twitter"). Database spellings
 * ('twitter_rss') read as their ids; an unknown id is shown as it is.
 */
export function platformName(t: Translate, id: string, role: PlatformRole = 'source'): string {
  const key = id.replace('_', '-');
  const entry = role === 'target' && key === 'twitter' ? 'twitter-rss' : key;
  return t(`translation:platforms.${entry}`, id);
}

/** The platforms a reader picks from (summary filter, source suggestion), in the spec's order. */
export function platformOptions(t: Translate): { value: Platform; label: string }[] {
  return PLATFORMS.map((id) => ({ value: id, label: platformName(t, id) }));
}

/** The display names of a set of platforms, each once, in the spec's order. */
export function platformBadgeLabels(t: Translate, platforms: readonly string[]): string[] {
  return [...new Set(sortPlatforms(platforms).map((id) => platformName(t, id)))];
}
