/**
 * Normalised word tokens of a headline or summary, in either language. Chinese has no spaces:
 * Intl.Segmenter with granularity 'word' is ICU's dictionary segmenter (built into Node, no
 * native module), so 发布会 stays a word instead of three characters.
 */
export type StoryLanguage = 'EN' | 'ZH';

const segmenters = new Map<string, Intl.Segmenter>();
function segmenterFor(locale: string): Intl.Segmenter {
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  return segmenter;
}

// Words that say nothing about which event is reported (function words and news boilerplate).
const EN_STOPWORDS = new Set(
  `a an the and or but if of to in on at by for with from as is are was were be been being it its this that these those
  there here which who whom whose what when where why how not no nor so than too very can could will would shall should
  may might must do does did has have had having i you he she we they them his her our your their my me us also just
  into over under about after before between through during more most other some such only own same then once all any
  both each few new says said say according report reports reported today yesterday week via per up out one two
  announced announces announce`.split(/\s+/),
);
const ZH_STOPWORDS = new Set(
  '的 了 在 是 和 与 及 或 也 都 就 而 被 把 对 从 将 为 以 于 之 其 这 那 个 款 等 着 过 又 并 但 中 上 下 后 前 新 今天 昨天 日 月 年 表示 称 据 报道 消息 宣布 发布 正式'.split(
    ' ',
  ),
);

/** Crude English stemming: plural and third-person endings, enough for "launches"/"launch". */
function stemEn(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us'))
    return word.slice(0, -1);
  return word;
}

const HAN = /[\u3400-\u9fff]/;
/** Words of alphabetic text: the segmenter's answer there, several times faster. */
const LATIN_WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

function words(normalized: string, language: StoryLanguage): string[] {
  // Text without Han characters needs no dictionary (most English summaries).
  if (!HAN.test(normalized)) return normalized.match(LATIN_WORD) ?? [];
  const out: string[] = [];
  for (const part of segmenterFor(language === 'ZH' ? 'zh' : 'en').segment(normalized)) {
    if (part.isWordLike) out.push(part.segment);
  }
  return out;
}

/** Lower-cased, NFKC-normalised word tokens without stop words; digits are kept (versions, prices). */
export function tokenize(text: string, language: StoryLanguage): string[] {
  const normalized = text.normalize('NFKC').toLowerCase();
  const tokens: string[] = [];
  for (const segment of words(normalized, language)) {
    const word = segment.replace(/^['’]+|['’]+$/g, '').replace(/['’]s$/, '');
    if (!word) continue;
    if (HAN.test(word)) {
      if (!ZH_STOPWORDS.has(word)) tokens.push(word);
    } else if (word.length > 1 || /\d/.test(word)) {
      if (!EN_STOPWORDS.has(word)) tokens.push(stemEn(word));
    }
  }
  return tokens;
}
