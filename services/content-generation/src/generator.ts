import {
  GENERATION_PLATFORM_LIMITS,
  GENERATION_PLATFORM_NAMES,
  type GenerationPlatform,
  type GenerationStyle,
  type UiLanguage,
} from '@app/contracts';
import type { Llm, UsageTags } from '@app/llm';
import { characterCount, postText, sourceDisplayName } from '@app/rules';
import { plainText, summaryExcerpt } from '@app/text';
import { z } from 'zod';

export type GenerationSource = {
  headline: string;
  content: string;
  sourceUrls: string[];
  sourceName: string | null;
  topicName: string | null;
};

export type GenerationRequest = {
  platform: GenerationPlatform;
  style: GenerationStyle;
  language: UiLanguage;
  userInput?: string | null;
  source: GenerationSource;
};

export type GeneratedCopy = {
  content: string;
  hashtags: string[];
  /** 'llm' or 'template' (the offline generator, labelled as such in the result's metadata). */
  generator: 'llm' | 'template';
  model: string | null;
};

const STYLE_GUIDE: Record<GenerationStyle, string> = {
  engaging: 'engaging and lively, with a hook in the first line',
  professional: 'professional, precise and credible',
  casual: 'casual and friendly, like talking to a friend',
  creative: 'creative, with an unexpected angle or metaphor',
  analytical: 'analytical: key points, implications and a takeaway',
};

const PLATFORM_GUIDE: Record<GenerationPlatform, string> = {
  linkedin: 'a LinkedIn post for professionals, short paragraphs, a question at the end',
  twitter: 'a single tweet',
  xiaohongshu: 'a Rednote (Xiaohongshu) note with a catchy title line and emoji',
  reddit: 'a Reddit post with a title line and a discussion prompt, no marketing tone',
  wechat: 'a WeChat official-account article intro with a title line',
};

export const CopySchema = z.object({
  content: z.string().min(1),
  hashtags: z.array(z.string()),
});

/** The source's name as the post's readers see it (an English post names a keyword source in English). */
const sourceNameFor = ({ source, language }: GenerationRequest) =>
  source.sourceName ? sourceDisplayName(source.sourceName, language) : null;

export function buildMessages(request: GenerationRequest) {
  const { platform, style, language, userInput, source } = request;
  const sourceName = sourceNameFor(request);
  const limit = GENERATION_PLATFORM_LIMITS[platform];
  const system = [
    'You write social-media copy from a content summary.',
    `Write ${PLATFORM_GUIDE[platform]}. Tone: ${STYLE_GUIDE[style]}.`,
    `Stay under ${limit} characters including hashtags.`,
    `Write in ${language === 'zh' ? 'Simplified Chinese' : 'English'}.`,
    'Plain text only, as the platform shows it: no markdown (no #, *, _, list marks or links in brackets).',
    'Answer as JSON: {"content": the post text without hashtags, "hashtags": up to 5 hashtags without #}.',
  ].join(' ');
  const user = [
    `Title: ${source.headline}`,
    source.topicName ? `Topic: ${source.topicName}` : '',
    sourceName ? `Source: ${sourceName}` : '',
    `Summary:\n${source.content.slice(0, 6000)}`,
    source.sourceUrls[0] ? `Link: ${source.sourceUrls[0]}` : '',
    userInput ? `Extra instructions from the user: ${userInput}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system' as const, content: system },
    { role: 'user' as const, content: user },
  ];
}

/** Copy for one platform: the LLM when configured, else the template generator. */
export async function generateCopy(
  llm: Llm,
  request: GenerationRequest,
  usage: UsageTags = { feature: 'generation' },
): Promise<GeneratedCopy> {
  if (!llm.isConfigured) return llm.offline(usage, 'template', () => templateCopy(request));
  const reply = await llm.generateObject(buildMessages(request), CopySchema, { name: 'social_post', usage });
  return { ...readyToPost(reply.content, reply.hashtags), generator: 'llm', model: llm.model };
}

/** A hashtag in running text: '#' after a space or the line's start, with at least one letter. */
const HASHTAG = /(?<=^|\s)#((?=[\p{N}_]*\p{L})[\p{L}\p{N}_]+)/gu;
const IS_HASHTAG = /^#(?=[\p{N}_]*\p{L})[\p{L}\p{N}_]+[,，、]?$/u;

/** A line without the hashtags that close it (all of it when it is only hashtags), and those hashtags. */
function splitTrailingHashtags(line: string): { text: string; tags: string[] } {
  const words = [...line.matchAll(/\S+/g)];
  let keep = words.length;
  while (keep > 0 && IS_HASHTAG.test(words[keep - 1]![0])) keep -= 1;
  if (keep === words.length) return { text: line, tags: [] };
  const tags = words.slice(keep).map(([word]) => word.replace(/^#|[,，、]$/gu, ''));
  return { text: line.slice(0, words[keep]!.index).trimEnd(), tags };
}

/**
 * A model's copy as it is posted: plain text (whatever markdown it wrote anyway is read as markdown
 * and reduced to its words), each hashtag once, in the list the page shows beside the text. Hashtags
 * that end a line are taken out of the text; one inside a sentence keeps its word and loses its '#'.
 */
export function readyToPost(
  content: string,
  tags: readonly string[],
): { content: string; hashtags: string[] } {
  const found: string[] = [];
  const withoutTrailing = content
    .split('\n')
    .map((line) => {
      const { text, tags: closing } = splitTrailingHashtags(line);
      found.push(...closing);
      return text;
    })
    .join('\n');
  const text = plainText(withoutTrailing).replace(HASHTAG, (_, word: string) => {
    found.push(word);
    return word;
  });
  return { content: text.trim(), hashtags: uniqueTags([...tags, ...found]).slice(0, 5) };
}

/** Without '#', without spaces or punctuation, each once (letter case aside). */
function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags
    .map((tag) => tag.replace(/[^\p{L}\p{N}_]+/gu, ''))
    .filter((tag) => {
      const key = tag.toLowerCase();
      if (!tag || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const OPENERS: Record<GenerationStyle, { en: string; zh: string }> = {
  engaging: { en: '🚀 Worth your time:', zh: '🚀 值得一看：' },
  professional: { en: 'Key insight:', zh: '要点：' },
  casual: { en: 'Just read this and liked it:', zh: '刚读到这篇，挺有意思：' },
  creative: { en: '💡 Imagine this:', zh: '💡 换个角度想：' },
  analytical: { en: 'Analysis:', zh: '分析：' },
};

/**
 * Offline copy (no LLM key): headline, the summary as plain text cut to fit the platform (one line of
 * prose for a tweet, blocks and "•" lines elsewhere), the link; the hashtags in their own list, with room
 * left for them when the post is copied with them. The user's extra instructions are for a model; a
 * template cannot follow them, and pasting them in would put private text into copy its author may
 * publish.
 */
export function templateCopy(request: GenerationRequest): GeneratedCopy {
  const { platform, style, language, source } = request;
  const limit = GENERATION_PLATFORM_LIMITS[platform];
  const opener = OPENERS[style][language];
  const link = source.sourceUrls[0] ?? '';
  const hashtags = uniqueTags([
    source.topicName ?? '',
    GENERATION_PLATFORM_NAMES[platform] === 'Twitter' ? '' : (sourceNameFor(request) ?? ''),
  ]).slice(0, 3);
  const question =
    platform === 'linkedin' || platform === 'reddit'
      ? language === 'zh'
        ? '你怎么看？'
        : 'What do you think?'
      : '';
  const title = `${opener} ${source.headline}`.trim();
  const posted = postText('', hashtags);
  const fixed = [title, question, link].filter(Boolean).join('\n\n');
  // The body's own blank lines around it, and the hashtags as they are copied after the text.
  const room = limit - characterCount(fixed) - characterCount(posted) - 4;
  const options = { headline: source.headline, maxLength: room };
  const body =
    room < MIN_BODY
      ? ''
      : platform === 'twitter'
        ? summaryExcerpt(source.content, { ...options, language })
        : plainText(source.content, options);
  const content = [title, body, question, link].filter(Boolean).join('\n\n');
  return { content: truncate(content, limit), hashtags, generator: 'template', model: null };
}

/** Shorter than this, an excerpt says nothing: the post is the headline and the link. */
const MIN_BODY = 20;

function truncate(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  if (max <= 1) return chars.slice(0, max).join('');
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}
