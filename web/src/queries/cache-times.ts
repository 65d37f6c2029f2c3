// Cache lifetimes from the product spec (§9 "Cache lifetimes"); use them as `staleTime` in the
// query-option factories of each resource.
const MINUTE = 60_000;

export const DEFAULT_STALE_TIME = 5 * MINUTE;
/** Unused entries are garbage-collected after 5 minutes. */
export const DEFAULT_GC_TIME = 5 * MINUTE;
export const DEFAULT_RETRY_COUNT = 3;

export const TOPICS_STALE_TIME = 10 * MINUTE;
export const DATASOURCES_STALE_TIME = 5 * MINUTE;
export const HOMEPAGE_STATS_STALE_TIME = 2 * MINUTE;
export const FILTER_OPTIONS_STALE_TIME = 5 * MINUTE;
export const FAVORITES_STALE_TIME = 1 * MINUTE;

/** Profile fetches that take longer are abandoned; the user carries on without a profile. */
export const PROFILE_FETCH_TIMEOUT_MS = 10_000;
