import {
  characterCount,
  GENERATION_PLATFORM_LIMITS,
  GENERATION_PLATFORM_NAMES,
  type GenerationPlatform,
  type GenerationStyle,
  sourceDisplayName,
  type UiLanguage,
} from '@app/contracts';
import type { Llm, UsageTags } from '@app/llm';
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
    'Answer as JSON: {"content": the post text, "hashtags": up to 5 hashtags without #}.',
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
  const hashtags = reply.hashtags
    .map((tag) => tag.replace(/^#+/, '').trim())
    .filter(Boolean)
    .slice(0, 5);
  return { content: reply.content.trim(), hashtags, generator: 'llm', model: llm.model };
}

const OPENERS: Record<GenerationStyle, { en: string; zh: string }> = {
  engaging: { en: '🚀 Worth your time:', zh: '🚀 值得一看：' },
  professional: { en: 'Key insight:', zh: '要点：' },
  casual: { en: 'Just read this and liked it:', zh: '刚读到这篇，挺有意思：' },
  creative: { en: '💡 Imagine this:', zh: '💡 换个角度想：' },
  analytical: { en: 'Analysis:', zh: '分析：' },
};

/**
 * Offline copy (no LLM key): headline, an excerpt cut to fit the platform, the link and hashtags. The
 * user's extra instructions are for a model; a template cannot follow them, and pasting them in would
 * put private text into copy its author may publish.
 */
export function templateCopy(request: GenerationRequest): GeneratedCopy {
  const { platform, style, language, source } = request;
  const limit = GENERATION_PLATFORM_LIMITS[platform];
  const opener = OPENERS[style][language];
  const link = source.sourceUrls[0] ?? '';
  const hashtags = [
    source.topicName,
    GENERATION_PLATFORM_NAMES[platform] === 'Twitter' ? null : sourceNameFor(request),
  ]
    .filter((tag): tag is string => Boolean(tag))
    .map((tag) => tag.replace(/[^\p{L}\p{N}]+/gu, ''))
    .filter(Boolean)
    .slice(0, 3);
  const tagLine = hashtags.map((tag) => `#${tag}`).join(' ');
  const question =
    platform === 'linkedin' || platform === 'reddit'
      ? language === 'zh'
        ? '你怎么看？'
        : 'What do you think?'
      : '';
  const fixed = [opener, source.headline, '', '', question, link, tagLine].filter(
    (part, index) => part || index === 2 || index === 3,
  );
  const overhead = characterCount(fixed.join('\n')) + 1;
  const room = Math.max(0, limit - overhead);
  const body = truncate(source.content.replace(/\s+/g, ' ').trim(), room);
  const content = [`${opener} ${source.headline}`.trim(), body, question, link, tagLine]
    .filter(Boolean)
    .join('\n\n');
  return { content: truncate(content, limit), hashtags, generator: 'template', model: null };
}

function truncate(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  if (max <= 1) return chars.slice(0, max).join('');
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}
