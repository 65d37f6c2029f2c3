import { PLATFORMS, type Platform } from '@app/contracts';
import { sortPlatforms } from '@app/rules';
import type { LinguiT } from '../../i18n/message-for';

// The one place a platform gets its display name: the shared catalog's `shared.platforms.*` (declared in
// ui/platform-messages.ts), read by every screen through platformName (admin, source pages, cards, filters,
// generator). The id is put together here, so pages carry no names they do not show.

/** What a platform id names: a content source (the default) or a generation target. */
export type PlatformRole = 'source' | 'target';

/**
 * A platform's display name. A 'twitter' source is a keyword search ("Twitter search"); a generation
 * target 'twitter' is the network, named as a twitter-rss source is ("Twitter"). Database spellings
 * ('twitter_rss') read as their ids; an unknown id is shown as it is.
 */
export function platformName(t: LinguiT, id: string, role: PlatformRole = 'source'): string {
  const key = id.replace('_', '-');
  const entry = role === 'target' && key === 'twitter' ? 'twitter-rss' : key;
  return t({ id: `shared.platforms.${entry}`, message: id });
}

/** The platforms a reader picks from (summary filter, source suggestion), in the spec's order. */
export function platformOptions(t: LinguiT): { value: Platform; label: string }[] {
  return PLATFORMS.map((id) => ({ value: id, label: platformName(t, id) }));
}

/** The display names of a set of platforms, each once, in the spec's order. */
export function platformBadgeLabels(t: LinguiT, platforms: readonly string[]): string[] {
  return [...new Set(sortPlatforms(platforms).map((id) => platformName(t, id)))];
}
