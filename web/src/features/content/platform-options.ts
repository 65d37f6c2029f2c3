import { PLATFORMS, type Platform } from '@app/contracts';
import type { TFunction } from 'i18next';

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
