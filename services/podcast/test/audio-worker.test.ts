import path from 'node:path';
import { parseFile } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import runAudioTask from '../src/audio/audio.worker.ts';
import { perTestResources } from './fixtures.ts';

const { tempDir } = perTestResources();

// The worker's task function, run in this thread: what it leaves behind is visible here.
describe('speaking on an audio thread', () => {
  it('leaves no espeak-ng instance reachable from the global object once a text is spoken', async () => {
    const dir = await tempDir('audio-worker-');
    const before = new Set(Object.getOwnPropertyNames(globalThis));
    for (const [i, text] of ['Good morning.', 'Here is the news.'].entries()) {
      const outFile = path.join(dir, `${i}.wav`);
      const result = await runAudioTask({ kind: 'speak', text, voice: 'en-us', rate: 165, outFile });
      expect(result.samples).toBeGreaterThan(0);
      // Read back by a WAV parser of its own: a playable file of the length the worker reported.
      const { format } = await parseFile(outFile);
      expect(format.container).toBe('WAVE');
      expect(format.duration).toBeCloseTo(result.samples / format.sampleRate!, 2);
    }
    // The package's debug getters (`buffer`, `asm`, missing library symbols) hold an instance and its
    // WebAssembly memory for as long as they stay defined.
    expect(Object.getOwnPropertyNames(globalThis).filter((name) => !before.has(name))).toEqual([]);
  });
});
