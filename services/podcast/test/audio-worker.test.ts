import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import runAudioTask from '../src/audio/audio.worker.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'audio-worker-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// The worker's task function, run in this thread: what it leaves behind is visible here.
describe('speaking on an audio thread', () => {
  it('leaves no espeak-ng instance reachable from the global object once a text is spoken', async () => {
    const before = new Set(Object.getOwnPropertyNames(globalThis));
    for (const [i, text] of ['Good morning.', 'Here is the news.'].entries()) {
      const outFile = path.join(dir, `${i}.wav`);
      const result = await runAudioTask({ kind: 'speak', text, voice: 'en-us', rate: 165, outFile });
      expect(result.samples).toBeGreaterThan(0);
      expect((await stat(outFile)).size).toBeGreaterThan(44);
    }
    // The package's debug getters (`buffer`, `asm`, missing library symbols) hold an instance and its
    // WebAssembly memory for as long as they stay defined.
    expect(Object.getOwnPropertyNames(globalThis).filter((name) => !before.has(name))).toEqual([]);
  });
});
