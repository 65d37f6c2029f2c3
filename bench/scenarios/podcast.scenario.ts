import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAudioWorkers } from '../../services/podcast/src/audio/audio-workers.ts';
import { type EncoderName, joinToMp3 } from '../../services/podcast/src/audio/encode.ts';
import { findExecutable, probeDuration } from '../../services/podcast/src/audio/tools.ts';
import { createEspeakEngine } from '../../services/podcast/src/audio/tts.ts';
import { chunkScript, estimateSpeechSeconds } from '../../services/podcast/src/script/script.ts';
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
 * The offline podcast engine (espeak-ng speech in 1500-character chunks, joined and encoded to one
 * MP3): seconds of audio produced per second of wall time for a 10-minute script (2 minutes in quick
 * mode). Baseline: espeak-ng speaking the whole script in one call, without chunking or MP3 encoding.
 */
export const podcastScenario: Scenario = {
  name: 'podcast',
  description: 'offline podcast speech: audio seconds per wall-clock second (espeak-ng + ffmpeg / lamejs)',
  async run(context) {
    const espeak = await findExecutable('espeak-ng');
    if (!espeak) {
      context.log('espeak-ng is not installed: skipped');
      return [];
    }
    const minutes = context.full ? 10 : 2;
    const script = scriptOf(minutes * 60);
    const engine = createEspeakEngine(espeak, 165);
    const dir = await mkdtemp(path.join(tmpdir(), 'bench-podcast-'));
    // lamejs encodes on a worker thread, as in the service.
    const audioWorkers = createAudioWorkers({ threads: 1 });
    try {
      context.log(`baseline: espeak-ng, one call, ${minutes}-minute script`);
      const raw = path.join(dir, 'raw.wav');
      let started = performance.now();
      await engine.synthesize(script, 'EN', raw);
      const rawWall = (performance.now() - started) / 1000;
      const rawAudio = (await probeDuration(raw)) ?? 0;
      const baseline = rawAudio / rawWall;

      const figures: Figure[] = [];
      const encoders: EncoderName[] = (await findExecutable('ffmpeg')) ? ['ffmpeg', 'lamejs'] : ['lamejs'];
      for (const encoder of encoders) {
        context.log(`pipeline: chunks → ${encoder} MP3`);
        const chunkDir = path.join(dir, encoder);
        await mkdir(chunkDir, { recursive: true });
        started = performance.now();
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
        const rate = audio / wall;
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
      return figures;
    } finally {
      await audioWorkers.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
