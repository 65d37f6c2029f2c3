import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createAudioWorkers } from '../../services/podcast/src/audio/audio-workers.ts';
import { type EncoderName, joinToMp3 } from '../../services/podcast/src/audio/encode.ts';
import { findExecutable, probeDuration } from '../../services/podcast/src/audio/tools.ts';
import {
  createEspeakEngine,
  createEspeakWasmEngine,
  type SpeechEngine,
} from '../../services/podcast/src/audio/tts.ts';
import { chunkScript, estimateSpeechSeconds } from '../../services/podcast/src/script/script.ts';
import { ensureServicesBuilt } from '../lib/process.ts';
import type { Figure, Scenario } from '../lib/types.ts';

const SENTENCES = [
  'Several research labs released new open-weight language models this week.',
  'Benchmarks show the newest releases within a few points of the leading commercial systems.',
  'Independent founders published the results of their pricing experiments.',
  'Most of them found that annual plans with a clear discount improved retention.',
  'An open source team announced a database engine designed for small teams.',
  'It runs as a single binary and replicates to object storage.',
  'Early users report thousands of writes per second on modest hardware.',
  'The discussion also covered how to communicate price changes to early customers.',
];

/** An English script whose predicted speech length is about `seconds`. */
function scriptOf(seconds: number): string {
  const lines: string[] = [];
  let n = 0;
  while (estimateSpeechSeconds(lines.join('\n')) < seconds) {
    lines.push(`Story ${Math.floor(n / 4) + 1}. ${SENTENCES[n % SENTENCES.length]}`);
    n += 1;
  }
  return lines.join('\n');
}

/**
 * The offline podcast engines (speech in 1500-character chunks, joined and encoded to one MP3):
 * seconds of audio produced per second of wall time for a 10-minute script (2 minutes in quick
 * mode). With the espeak-ng program: encoded by ffmpeg and by lamejs; baseline: espeak-ng speaking
 * the whole script in one call, without chunking or MP3 encoding. Always, as on a machine with
 * Node.js alone: espeak-ng compiled to WebAssembly (the npm package) on a worker thread, encoded by
 * lamejs, with the process's resident memory sampled meanwhile (threads, WebAssembly memory and
 * encoder included): its peak above the idle process is what speaking adds to the service.
 */
export const podcastScenario: Scenario = {
  name: 'podcast',
  description: 'offline podcast speech: audio seconds per wall-clock second (espeak-ng + ffmpeg / lamejs)',
  async run(context) {
    const minutes = context.full ? 10 : 2;
    const script = scriptOf(minutes * 60);
    const dir = await mkdtemp(path.join(tmpdir(), 'bench-podcast-'));
    // Speech by the npm espeak-ng and lamejs encoding run on worker threads, as in the service: the
    // compiled worker module without tsx, whose transpiler would otherwise be resident in the thread.
    await ensureServicesBuilt(context.repoRoot);
    const audioWorkers = createAudioWorkers({
      threads: 1,
      compiledWorker: pathToFileURL(path.join(context.repoRoot, 'services/podcast/dist/audio.worker.js')),
    });
    try {
      const figures: Figure[] = [];
      /** Speaks the script in chunks and encodes one MP3: audio seconds per wall second. */
      const pipeline = async (engine: SpeechEngine, encoder: EncoderName, name: string) => {
        const chunkDir = path.join(dir, name);
        await mkdir(chunkDir, { recursive: true });
        const started = performance.now();
        const files: string[] = [];
        for (const [i, text] of chunkScript(script, 1500).entries()) {
          const file = path.join(chunkDir, `chunk-${i}.wav`);
          await engine.synthesize(text, 'EN', file);
          files.push(file);
        }
        const out = path.join(chunkDir, 'final.mp3');
        const result = await joinToMp3(files, 'wav', out, encoder, audioWorkers);
        const wall = (performance.now() - started) / 1000;
        const audio = result.durationSeconds ?? (await probeDuration(out)) ?? 0;
        return { rate: audio / wall, audio };
      };

      const espeak = await findExecutable('espeak-ng');
      if (!espeak) context.log('the espeak-ng program is not installed: its figures are skipped');
      else {
        const engine = createEspeakEngine(espeak, 165);
        context.log(`baseline: espeak-ng, one call, ${minutes}-minute script`);
        const raw = path.join(dir, 'raw.wav');
        const started = performance.now();
        await engine.synthesize(script, 'EN', raw);
        const rawWall = (performance.now() - started) / 1000;
        const baseline = ((await probeDuration(raw)) ?? 0) / rawWall;
        const encoders: EncoderName[] = (await findExecutable('ffmpeg')) ? ['ffmpeg', 'lamejs'] : ['lamejs'];
        for (const encoder of encoders) {
          context.log(`pipeline: espeak-ng chunks → ${encoder} MP3`);
          const { rate, audio } = await pipeline(engine, encoder, encoder);
          figures.push({
            scenario: 'podcast',
            figure: `audio per wall second, ${minutes}-min script (espeak-ng + ${encoder})`,
            value: rate,
            unit: 'audio s / s',
            baseline: { label: 'espeak-ng alone, one call', value: baseline },
            ratio: rate / baseline,
            // The default path (ffmpeg) should make a 10-minute podcast in under 30 s; the JavaScript
            // encoder is the fallback for machines without ffmpeg.
            goal: encoder === 'ffmpeg' ? '≥ 20 audio s / s' : '≥ 10 audio s / s',
            pass: rate >= (encoder === 'ffmpeg' ? 20 : 10),
          });
          figures.push({
            scenario: 'podcast',
            figure: `audio length vs the script's prediction (${encoder})`,
            value: audio / estimateSpeechSeconds(script),
            unit: '×',
          });
        }
      }

      // Node.js alone: the WebAssembly engine and lamejs, on the worker thread.
      context.log('pipeline: espeak-ng (WebAssembly) chunks → lamejs MP3, memory sampled');
      const wasm = createEspeakWasmEngine(audioWorkers, 165);
      const idle = process.memoryUsage.rss();
      let peak = idle;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 20);
      let result: { rate: number; audio: number };
      try {
        result = await pipeline(wasm, 'lamejs', 'wasm');
      } finally {
        clearInterval(sampler);
      }
      peak = Math.max(peak, process.memoryUsage.rss());
      const added = (peak - idle) / 1024 / 1024;
      figures.push(
        {
          scenario: 'podcast',
          figure: `audio per wall second, ${minutes}-min script (espeak-ng WebAssembly + lamejs, one thread)`,
          value: result.rate,
          unit: 'audio s / s',
          // A 10-minute podcast in under a minute on a machine with Node.js alone.
          goal: '≥ 10 audio s / s',
          pass: result.rate >= 10,
        },
        {
          scenario: 'podcast',
          figure: `audio length vs the script's prediction (WebAssembly)`,
          value: result.audio / estimateSpeechSeconds(script),
          unit: '×',
        },
        {
          scenario: 'podcast',
          figure: `resident memory added while speaking, ${minutes}-min script (WebAssembly + lamejs thread)`,
          value: added,
          unit: 'MiB',
          // The podcast service idles at ≤ 110 MiB (services scenario); speaking may double that at most.
          goal: '≤ 110 MiB',
          pass: added <= 110,
        },
      );
      return figures;
    } finally {
      await audioWorkers.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
