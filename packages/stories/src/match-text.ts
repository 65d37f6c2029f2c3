import { decodeHTML } from 'entities';
import type { StoryText } from './fingerprint.ts';
import type { StoryLanguage } from './tokenize.ts';

/** Characters of a post's stored HTML read for its lead (the fingerprint keeps the first words). */
export const LEAD_HTML_CHARS = 6000;

/**
 * What a summary is matched on: the source item's own title and lead when its post is stored (the
 * words the outlet chose, not the summary's shared shape: "Key points", "Why it matters"), else
 * the summary's headline and text. The post's HTML is the crawler's sanitised output, so dropping
 * tags and decoding entities gives its text.
 */
export function matchText(input: {
  language: StoryLanguage;
  headline: string;
  content: string;
  postTitle?: string | null;
  postHtml?: string | null;
}): StoryText {
  const title = input.postTitle?.trim();
  const lead = input.postHtml ? decodeHTML(input.postHtml.replace(/<[^>]+>/g, ' ')).trim() : '';
  return {
    language: input.language,
    headline: title || input.headline,
    text: lead || input.content,
  };
}
