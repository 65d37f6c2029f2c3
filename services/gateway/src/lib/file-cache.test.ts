import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileCache, pruneFiles } from './file-cache.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'file-cache-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const valid = (_name: string, data: Buffer) => data.toString().startsWith('ok');

describe('files kept between processes', () => {
  it('gives back what was written, under its name; nothing for a name never written', async () => {
    const cache = createFileCache({ dir: path.join(dir, 'cards'), maxBytes: 1000, valid });
    expect(await cache.get('a.png')).toBeNull();
    await cache.set('a.png', Buffer.from('ok a'));
    expect((await cache.get('a.png'))?.toString()).toBe('ok a');
    // Another process on the same directory.
    const other = createFileCache({ dir: path.join(dir, 'cards'), maxBytes: 1000, valid });
    expect((await other.get('a.png'))?.toString()).toBe('ok a');
    expect(await readdir(path.join(dir, 'cards'))).toEqual(['a.png']);
  });

  it('deletes a file it does not recognise and answers as if it were not there', async () => {
    const cache = createFileCache({ dir, maxBytes: 1000, valid });
    await writeFile(path.join(dir, 'b.png'), 'cut sho');
    expect(await cache.get('b.png')).toBeNull();
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses names that are not a file of its own directory', async () => {
    const cache = createFileCache({ dir, maxBytes: 1000, valid });
    for (const name of ['../x.png', 'a/b.png', '.hidden', '', 'a\0.png'])
      await expect(cache.get(name), name).rejects.toThrow(/not a cache file name/);
  });

  it('without a directory it can write: nothing kept, the failure reported, no error', async () => {
    await writeFile(path.join(dir, 'a-file'), '');
    const failures: string[] = [];
    const cache = createFileCache({
      dir: path.join(dir, 'a-file', 'cards'),
      maxBytes: 1000,
      valid,
      onError: (_error, action) => failures.push(action),
    });
    await cache.set('a.png', Buffer.from('ok'));
    expect(await cache.get('a.png')).toBeNull();
    expect(failures).toEqual(['write']);
  });

  it('keeps the directory under its size: the files least recently written or read go first', async () => {
    const names = ['1.png', '2.png', '3.png', '4.png', '5.png'];
    for (const [index, name] of names.entries()) {
      await writeFile(path.join(dir, name), 'x'.repeat(100));
      const at = new Date(Date.UTC(2026, 0, 1 + index));
      await utimes(path.join(dir, name), at, at);
    }
    // Reading the oldest makes it the newest.
    const cache = createFileCache({ dir, maxBytes: 1000, valid: () => true });
    await cache.get('1.png');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await pruneFiles(dir, 250);
    expect((await readdir(dir)).sort()).toEqual(['1.png', '5.png']);
  });

  it('prunes on its first write, then every so often', async () => {
    for (const [index, name] of ['old-1.png', 'old-2.png'].entries()) {
      await writeFile(path.join(dir, name), 'x'.repeat(400));
      await utimes(path.join(dir, name), new Date(2020, 0, 1 + index), new Date(2020, 0, 1 + index));
    }
    const cache = createFileCache({ dir, maxBytes: 500, valid });
    await cache.set('new.png', Buffer.from('ok new'));
    await cache.settled();
    expect((await readdir(dir)).sort()).toEqual(['new.png', 'old-2.png']);
  });
});
