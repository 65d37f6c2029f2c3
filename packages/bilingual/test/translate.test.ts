import { describe, expect, it } from 'vitest';
import { buildDictionary, scriptOf, translateQuery } from '../src/index.ts';

// A few CC-CEDICT-shaped entries: enough to check the rules without the whole dictionary.
const dictionary = buildDictionary([
  { simplified: '搜索', english: ['to search (a place)', 'to search (a database etc)'] },
  { simplified: '抄身', english: ['to search'] },
  { simplified: '搜索引擎', english: ['search engine'] },
  { simplified: '数据库', english: ['database'] },
  { simplified: '收购', english: ['to buy', 'to purchase'] },
  { simplified: '故障', english: ['malfunction', 'breakdown'] },
  { simplified: '搜', english: ['to search'] },
]);

describe('bilingual queries', () => {
  it('tells the scripts apart, a third one included', () => {
    expect(scriptOf('GitHub outage')).toBe('latin');
    expect(scriptOf('数据库 故障')).toBe('han');
    expect(scriptOf('Rust 新版本')).toBe('mixed');
    expect(scriptOf('новая модель')).toBe('other');
    expect(scriptOf('データベース')).toBe('other');
    expect(scriptOf('2030')).toBe('latin');
    expect(scriptOf('!!!')).toBe('none');
  });

  it('turns English words into the commonest Chinese words with that gloss, names as written', () => {
    const groups = translateQuery(dictionary, 'Nvidia database search', 'EN');
    expect(groups).toEqual([
      { terms: ['英伟达', 'nvidia'], literal: false },
      { terms: ['数据库', 'database'], literal: false },
      // One-word glosses first, 搜索 (it makes compounds) before 抄身; single characters never stand for a word.
      { terms: ['搜索', '抄身', '搜索引擎', 'search'], literal: false },
    ]);
    expect(translateQuery(dictionary, 'Quillstack 2030', 'EN')).toEqual([
      { terms: ['quillstack'], literal: true },
      { terms: ['2030'], literal: true },
    ]);
  });

  it('splits Chinese text into the dictionary’s longest words and keeps Latin names', () => {
    expect(translateQuery(dictionary, '英伟达收购数据库 Tessera', 'ZH')).toEqual([
      { terms: ['nvidia'], literal: true },
      { terms: ['tessera'], literal: true },
      { terms: ['buy', 'purchase'], literal: false },
      { terms: ['database'], literal: false },
    ]);
  });
});
