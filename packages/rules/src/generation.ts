import { GENERATION_PLATFORM_LIMITS, type GenerationPlatform } from '@app/contracts';

// The generated posts' length rule (the contracts' GENERATION_PLATFORM_LIMITS) and their text as posted.

/** True when a result exceeds its platform's maximum and should be edited before use. */
export function isOverLimit(platform: string, characterCount: number): boolean {
  const limit = GENERATION_PLATFORM_LIMITS[platform as GenerationPlatform];
  return limit !== undefined && characterCount > limit;
}

/** Characters as a user counts them (code points, so emoji and CJK count once). */
export function characterCount(text: string): number {
  return [...text].length;
}

/** A generated post as it is copied to be posted: its text, then its hashtags on a line of their own. */
export function postText(content: string, hashtags: readonly string[]): string {
  const tags = hashtags.map((tag) => `#${tag}`).join(' ');
  return [content, tags].filter(Boolean).join('\n\n');
}
