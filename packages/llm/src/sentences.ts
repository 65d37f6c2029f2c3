/** Splits text into sentences; Chinese ends on 。！？; English on .!? followed by a space and not after a common abbreviation. */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'inc',
  'ltd',
  'no',
  'fig',
]);

export function splitSentences(text: string): string[] {
  const normalized = text.replace(/\s+/g, ' ').trim();
  if (!normalized) return [];
  const sentences: string[] = [];
  let start = 0;
  for (let i = 0; i < normalized.length; i++) {
    const ch = normalized[i]!;
    if ('。！？；'.includes(ch) || ch === '!' || ch === '?') {
      // Closing quotes/brackets stay with their sentence.
      let end = i + 1;
      while (end < normalized.length && '”’」』）)"\''.includes(normalized[end]!)) end++;
      push(normalized.slice(start, end));
      start = end;
      i = end - 1;
    } else if (ch === '.' && (i + 1 === normalized.length || normalized[i + 1] === ' ')) {
      const word = normalized.slice(start, i).split(' ').pop()?.toLowerCase() ?? '';
      // Abbreviations, initials (J.) and decimals do not end a sentence.
      if (ABBREVIATIONS.has(word) || /^[a-z]$/i.test(word)) continue;
      push(normalized.slice(start, i + 1));
      start = i + 1;
    }
  }
  push(normalized.slice(start));
  return sentences;

  function push(sentence: string) {
    const trimmed = sentence.trim();
    if (trimmed) sentences.push(trimmed);
  }
}

/** Word-ish tokens: lower-cased latin words, and CJK bigrams (Chinese has no spaces). */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.toLowerCase().matchAll(/[\p{Script=Han}]+|[\p{L}\p{N}]+/gu)) {
    const word = match[0];
    if (/\p{Script=Han}/u.test(word)) {
      if (word.length === 1) tokens.push(word);
      for (let i = 0; i + 1 < word.length; i++) tokens.push(word.slice(i, i + 2));
    } else if (word.length > 2 && !STOP_WORDS.has(word)) {
      tokens.push(word);
    }
  }
  return tokens;
}

const STOP_WORDS = new Set(
  'the and for are but not you all any can had her was one our out has have his how its may new now old see two way who did get let put say she too use this that with from they will would there their what about which when make like time just know take into year your some could them than then look only come over also back after work first well even want because these give most'.split(
    ' ',
  ),
);
