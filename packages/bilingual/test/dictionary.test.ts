import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDictionary, serializeDictionary } from '../src/compact.ts';
import {
  buildDictionary,
  type DictionaryEvent,
  dictionaryKey,
  openDictionary,
  readCedict,
} from '../src/dictionary.ts';

const small = buildDictionary([
  { simplified: '搜索', english: ['to search (a place)', 'to search (a database etc)'] },
  { simplified: '数据库', english: ['database'] },
  { simplified: '故障', english: ['malfunction', 'breakdown'] },
  { simplified: '抄身', english: ['to search'] },
]);

describe('the compact dictionary text', () => {
  it('answers what the maps answer, and nothing else', () => {
    const compact = parseDictionary(serializeDictionary('k1', small), 'k1')!;
    expect(compact.zhToEn.size).toBe(small.zhToEn.size);
    for (const [word, keywords] of small.zhToEn) expect(compact.zhToEn.get(word)).toEqual(keywords);
    for (const [keyword, words] of small.enToZh) expect(compact.enToZh.get(keyword)).toEqual(words);
    expect(compact.zhToEn.has('数据')).toBe(false);
    expect(compact.zhToEn.get('')).toBeUndefined();
    expect(compact.enToZh.get('datab')).toBeUndefined();
    expect(compact.enToZh.has('zzz')).toBe(false);
  });

  it('refuses another build’s text, a text cut short and lines out of order', () => {
    const text = serializeDictionary('k1', small);
    expect(parseDictionary(text, 'k2')).toBeNull();
    expect(parseDictionary(text.slice(0, text.length - 20), 'k1')).toBeNull();
    expect(parseDictionary('', 'k1')).toBeNull();
    const lines = text.split('\n');
    const zh = lines.indexOf('#zh');
    [lines[zh + 1], lines[zh + 2]] = [lines[zh + 2]!, lines[zh + 1]!];
    expect(parseDictionary(lines.join('\n'), 'k1')).toBeNull();
    expect(parseDictionary(text.replace('数据库\t', '数据库 '), 'k1')).toBeNull();
  });
});

describe('opening CC-CEDICT', () => {
  const dirs: string[] = [];
  // These build the whole dictionary (one to three times each): about 10 s on a quiet 2-core host, over
  // 30 s beside the fault tests on a slow one.
  const BUILD_TIMEOUT_MS = 120_000;
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it(
    'builds on a worker thread, caches, reads the cache next time, and rebuilds a broken cache',
    async () => {
      const cacheDir = await mkdtemp(path.join(tmpdir(), 'dictionary-'));
      dirs.push(cacheDir);
      const events: DictionaryEvent[] = [];
      const onEvent = (event: DictionaryEvent) => events.push(event);

      const built = await openDictionary({ cacheDir, onEvent });
      expect(built.source).toBe('built');
      expect(events).toEqual([{ event: 'built', on: 'worker', ms: expect.any(Number) }]);
      const file = path.join(cacheDir, `cedict-${dictionaryKey()}.txt`);
      expect(await readdir(cacheDir)).toEqual([path.basename(file)]);
      expect(built.zhToEn.get('数据库')).toContain('database');
      expect(built.enToZh.get('database')).toContain('数据库');

      events.length = 0;
      const cached = await openDictionary({ cacheDir, onEvent });
      expect(cached.source).toBe('cache');
      expect(events).toEqual([{ event: 'read', from: 'cache', ms: expect.any(Number) }]);
      expect(cached.zhToEn.get('数据库')).toEqual(built.zhToEn.get('数据库'));

      // A cache cut short (a disk filled up mid-write by another tool) is built again and replaced.
      const text = await readFile(file, 'utf8');
      await writeFile(file, text.slice(0, text.length / 2));
      events.length = 0;
      const rebuilt = await openDictionary({ cacheDir, onEvent });
      expect(rebuilt.source).toBe('built');
      expect(events.map((event) => event.event)).toEqual(['cache_unreadable', 'built']);
      expect(await readFile(file, 'utf8')).toBe(text);
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'keeps every word of the maps built from the package, with the same keywords',
    async () => {
      const maps = buildDictionary(await readCedict());
      const { zhToEn, enToZh } = await openDictionary();
      expect(zhToEn.size).toBe(maps.zhToEn.size);
      expect(enToZh.size).toBe(maps.enToZh.size);
      for (const [word, keywords] of maps.zhToEn) expect(zhToEn.get(word), word).toEqual(keywords);
      for (const [keyword, words] of maps.enToZh) expect(enToZh.get(keyword), keyword).toEqual(words);
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'works without a cache directory it can write, and says so',
    async () => {
      const parent = await mkdtemp(path.join(tmpdir(), 'dictionary-'));
      dirs.push(parent);
      const blocked = path.join(parent, 'a-file');
      await writeFile(blocked, 'not a directory');
      const events: DictionaryEvent[] = [];
      const dictionary = await openDictionary({
        cacheDir: path.join(blocked, 'cache'),
        onEvent: (e) => events.push(e),
      });
      expect(dictionary.source).toBe('built');
      expect(dictionary.zhToEn.has('数据库')).toBe(true);
      expect(events.map((event) => event.event)).toEqual(['built', 'cache_not_written']);
    },
    BUILD_TIMEOUT_MS,
  );
});
