import { TIME_ZONES } from '@app/time';
import { z } from 'zod';

/** Interface languages (lower case) and data languages (upper case), as in the spec. */
export const UiLanguageSchema = z.enum(['en', 'zh']);
export type UiLanguage = z.infer<typeof UiLanguageSchema>;
export const DataLanguageSchema = z.enum(['EN', 'ZH']);
export type DataLanguage = z.infer<typeof DataLanguageSchema>;

export const PLATFORMS = [
  'blog',
  'wechat',
  'youtube',
  'podcast',
  'xiaohongshu',
  'twitter',
  'twitter-rss',
  'reddit',
] as const;
export const PlatformSchema = z.enum(PLATFORMS);
export type Platform = z.infer<typeof PlatformSchema>;

export const RoleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof RoleSchema>;
export const SubscriptionTypeSchema = z.enum(['free', 'pro']);
export type SubscriptionType = z.infer<typeof SubscriptionTypeSchema>;

// The 13 zones of the spec's time zone picker live in @app/time, with the zone arithmetic.
export { TIME_ZONES } from '@app/time';
export const TimeZoneSchema = z.enum(TIME_ZONES);

export const UuidSchema = z.uuid();

const count = () => z.number().int();
/**
 * An integer per key, every key present: `countsSchema(['active', 'failed'])`. Not z.record(enum, …), whose
 * JSON Schema requires the keys without defining them (an OpenAPI document with undefined properties).
 */
export function countsSchema<const Keys extends readonly string[]>(keys: Keys) {
  const shape = Object.fromEntries(keys.map((key) => [key, count()]));
  return z.object(shape as Record<Keys[number], ReturnType<typeof count>>);
}
