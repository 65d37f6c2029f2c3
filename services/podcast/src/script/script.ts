import { PodcastScriptSchema, type PodcastScript } from '@app/contracts';
import { extractiveSummarize, type Llm, type UsageTags } from '@app/llm';
import type { Logger } from '@app/logger';
import { sourceDisplayName, toUiLanguage } from '@app/rules';

export type Language = 'EN' | 'ZH';
/** One segment: a story, told through one summary, with the outlets that reported it. */
export type ScriptSummary = {
  headline: string;
  content: string;
  sourceName?: string | null;
  /** Every outlet that reported the story (the summary's own first); more than one is named aloud. */
  sourceNames?: string[];
};
export type ScriptInput = { topicName: string; date: string; language: Language; summaries: ScriptSummary[] };
/** Where a story starts in the script's text (a character offset), and its title: the chapters' source. */
export type ScriptSegment = { title: string; offset: number };
export type BuiltScript = { text: string; engine: 'llm' | 'offline'; segments: ScriptSegment[] };
type ScriptParts = { text: string; segments: ScriptSegment[] };

/** Joins lines with newlines; `starts` are the indexes of the lines where each story begins. */
function joinLines(lines: string[], starts: { title: string; line: number }[]): ScriptParts {
  const offsets: number[] = [];
  let offset = 0;
  for (const line of lines) {
    offsets.push(offset);
    offset += line.length + 1;
  }
  return {
    text: lines.join('\n'),
    segments: starts.map((start) => ({ title: start.title, offset: offsets[start.line] ?? 0 })),
  };
}

/** Markdown and links out, so the speech engine reads words, not syntax. */
export function toSpokenText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`>#|~]/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

const ensureStop = (text: string, language: Language) => {
  const t = text.trim();
  if (!t) return t;
  return /[.!?。！？]$/.test(t) ? t : `${t}${language === 'ZH' ? '。' : '.'}`;
};

/** "A", "A and B", "A, B and C" (EN); "A", "A和B", "A、B和C" (ZH). */
export function listNames(names: string[], language: Language): string {
  if (names.length <= 1) return names[0] ?? '';
  const and = language === 'ZH' ? '和' : ' and ';
  return `${names.slice(0, -1).join(language === 'ZH' ? '、' : ', ')}${and}${names.at(-1)}`;
}

/** The outlets of a segment's story as listeners of the script's language hear them named. */
function sourceNamesOf(summary: ScriptSummary, language: Language): string[] {
  const names = summary.sourceNames?.length
    ? summary.sourceNames
    : summary.sourceName
      ? [summary.sourceName]
      : [];
  return names.map((name) => sourceDisplayName(name, toUiLanguage(language)));
}

/** Who a segment credits: "reported by A, B and C" for a story several outlets covered. */
function creditOf(summary: ScriptSummary, language: Language): string {
  const zh = language === 'ZH';
  const names = sourceNamesOf(summary, language);
  if (names.length > 1)
    return zh ? `，由${listNames(names, language)}报道` : `, reported by ${listNames(names, language)}`;
  const one = names[0];
  return one ? (zh ? `，来自${one}` : `, from ${one}`) : '';
}

/** The offline script: an intro, each story's headline and its key sentences, an outro. */
export function offlineScript(input: ScriptInput): string {
  return offlineScriptParts(input).text;
}

function offlineScriptParts(input: ScriptInput): ScriptParts {
  const { topicName, date, language, summaries } = input;
  const starts: { title: string; line: number }[] = [];
  const zh = language === 'ZH';
  const lines: string[] = [
    zh
      ? `欢迎收听每日精选播客。今天是${date}，本期主题是${topicName}，共有${summaries.length}条内容。`
      : `Welcome to the Daily Curated podcast. This is ${topicName} for ${date}, with ${summaries.length} ${summaries.length === 1 ? 'story' : 'stories'}.`,
  ];
  summaries.forEach((summary, index) => {
    const body = toSpokenText(summary.content).replace(/\n+/g, ' ');
    const headline = toSpokenText(summary.headline).replace(/\n+/g, ' ');
    const { sentences } = extractiveSummarize({ title: headline, text: body, language, maxSentences: 3 });
    const from = creditOf(summary, language);
    const opener = zh
      ? `第${index + 1}条${from}：${headline || '无标题'}`
      : `Story ${index + 1}${from}: ${headline || 'Untitled'}`;
    starts.push({ title: headline || (zh ? `第${index + 1}条` : `Story ${index + 1}`), line: lines.length });
    lines.push(ensureStop(opener, language));
    const key = sentences.length > 0 ? sentences : body ? [body.slice(0, 400)] : [];
    for (const sentence of key) lines.push(ensureStop(sentence, language));
  });
  lines.push(
    zh
      ? '以上就是今天的全部内容，感谢收听，我们明天见。'
      : "That's all for today. Thanks for listening, and see you tomorrow.",
  );
  return joinLines(lines, starts);
}

export function renderScript(script: PodcastScript, language: Language): string {
  return renderScriptParts(script, language, []).text;
}

/** The model's script as spoken lines; each segment starts at its heading (or its text, untitled). */
function renderScriptParts(
  script: PodcastScript,
  language: Language,
  summaries: ScriptSummary[],
): ScriptParts {
  const spoken = (line: string) => ensureStop(toSpokenText(line).replace(/\n+/g, ' '), language);
  const lines = [spoken(script.title)].filter(Boolean);
  const starts: { title: string; line: number }[] = [];
  script.segments.forEach((segment, index) => {
    const heading = spoken(segment.heading);
    const title =
      toSpokenText(segment.heading).replace(/\n+/g, ' ').trim() ||
      toSpokenText(summaries[index]?.headline ?? '')
        .replace(/\n+/g, ' ')
        .trim() ||
      (language === 'ZH' ? `第${index + 1}条` : `Story ${index + 1}`);
    const body = [heading, spoken(segment.text)].filter(Boolean);
    if (body.length > 0) starts.push({ title, line: lines.length });
    lines.push(...body);
  });
  const outro = spoken(script.outro);
  if (outro) lines.push(outro);
  return joinLines(lines, starts);
}

/** The sources of a story as the model reads them: "(reported by A, B)" or "(A)". */
function sourcesNote(summary: ScriptSummary, language: Language): string {
  const names = sourceNamesOf(summary, language);
  if (names.length === 0) return '';
  return names.length > 1 ? ` (reported by ${names.join(', ')})` : ` (${names[0]})`;
}

/**
 * The spoken script: the LLM's structured output (validated against PodcastScriptSchema) when one is
 * configured; otherwise, or when the model fails or answers out of shape, the offline script.
 */
export async function buildScript(
  input: ScriptInput,
  llm: Llm,
  log: Logger,
  usage: UsageTags = { feature: 'podcast_script' },
): Promise<BuiltScript> {
  if (llm.isConfigured) {
    try {
      const zh = input.language === 'ZH';
      const stories = input.summaries
        .map(
          (s, i) => `${i + 1}. ${s.headline}${sourcesNote(s, input.language)}\n${s.content.slice(0, 2000)}`,
        )
        .join('\n\n');
      const script = await llm.generateObject(
        [
          {
            role: 'system',
            content:
              'You write the script of a short daily news podcast read aloud by a speech engine. ' +
              'Plain spoken sentences only: no markdown, no URLs, no stage directions. ' +
              `Write in ${zh ? 'Simplified Chinese' : 'English'}. One segment per story, in the order given; ` +
              'when a story lists several sources, name them in its segment (they reported the same event).',
          },
          {
            role: 'user',
            content: `Topic: ${input.topicName}\nDate: ${input.date}\n\nToday's summaries:\n\n${stories}`,
          },
        ],
        PodcastScriptSchema,
        { name: 'podcast_script', temperature: 0.4, usage },
      );
      const parts = renderScriptParts(script, input.language, input.summaries);
      if (parts.text.length > 0) return { ...parts, engine: 'llm' };
    } catch (error) {
      log.warn({ err: error }, 'LLM podcast script failed; using the offline script');
    }
  }
  const parts = await llm.offline(usage, 'extractive', () => offlineScriptParts(input));
  return { ...parts, engine: 'offline' };
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/g;
const WORD = /[A-Za-z0-9]+(?:['’][A-Za-z]+)?/g;

/**
 * Expected speech length in seconds at the given espeak-ng rate (words per minute; 165 by default):
 * measured on this engine as ~150 English words or ~150 Chinese characters a minute including pauses.
 */
export function estimateSpeechSeconds(text: string, rate = 165): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const words = text.replace(CJK, ' ').match(WORD)?.length ?? 0;
  return ((cjk + words) * 0.4 * 165) / rate;
}

/** Splits a script into pieces of at most maxChars, at line and sentence boundaries where possible. */
export function chunkScript(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  for (const line of text.split(/\n+/)) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    if (trimmed.length <= maxChars) {
      pieces.push(trimmed);
      continue;
    }
    const sentences = trimmed.match(/[^.!?。！？]+[.!?。！？]*\s*/g) ?? [trimmed];
    for (const sentence of sentences) {
      for (let i = 0; i < sentence.length; i += maxChars) pieces.push(sentence.slice(i, i + maxChars).trim());
    }
  }
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces.filter(Boolean)) {
    const joined = current ? `${current}\n${piece}` : piece;
    if (joined.length > maxChars && current) {
      chunks.push(current);
      current = piece;
    } else {
      current = joined;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}
