import { randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { emitUsage, OFFLINE_PROVIDER, providerFromBaseUrl, type UsageSink, type UsageTags } from '@app/llm';
import type OpenAI from 'openai';
import type { AudioWorkers } from './audio-workers.ts';
import { findExecutable, run } from './tools.ts';

export type SpeechFormat = 'wav' | 'mp3';
export type SpeechEngineName = 'openai' | 'espeak' | 'espeak-wasm';
export type Language = 'EN' | 'ZH';

/** Text → one audio file. Written atomically: a crash leaves either the whole file or none. */
export type SpeechEngine = {
  /** espeak: the espeak-ng program on the PATH; espeak-wasm: the npm package, on worker threads. */
  name: SpeechEngineName;
  format: SpeechFormat;
  /** Recorded with each call's usage: 'openai' (or the endpoint's vendor) / 'offline', and the model. */
  provider: string;
  model: string;
  /** `usage` names the feature and topic the call is recorded under (see withSpeechUsage). */
  synthesize(text: string, language: Language, outFile: string, usage?: UsageTags): Promise<void>;
};

/** The same engine, recording each call (characters, latency, success) to `sink`. */
export function withSpeechUsage(engine: SpeechEngine, sink: UsageSink): SpeechEngine {
  return {
    ...engine,
    async synthesize(text, language, outFile, usage) {
      const started = performance.now();
      const record = (success: boolean, error?: unknown) =>
        emitUsage(sink, {
          ...(usage ?? { feature: 'podcast_speech' }),
          provider: engine.provider,
          model: engine.model,
          inputTokens: 0,
          outputTokens: 0,
          characters: [...text].length,
          latencyMs: Math.round(performance.now() - started),
          success,
          ...(error ? { error: error instanceof Error ? error.message : String(error) } : {}),
        });
      try {
        await engine.synthesize(text, language, outFile, usage);
      } catch (error) {
        await record(false, error);
        throw error;
      }
      await record(true);
    },
  };
}

export type SpeechConfig = {
  PODCAST_TTS_ENGINE: 'auto' | SpeechEngineName | 'none';
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_TTS_MODEL?: string;
  OPENAI_TTS_VOICE: string;
  PODCAST_ESPEAK_RATE: number;
};

/** espeak-ng voices: American English and Mandarin (`cmn`). */
export const ESPEAK_VOICES: Record<Language, string> = { EN: 'en-us', ZH: 'cmn' };

async function writeAtomically(outFile: string, produce: (temp: string) => Promise<void>) {
  const temp = path.join(path.dirname(outFile), `.${path.basename(outFile)}.${randomUUID()}.tmp`);
  try {
    await produce(temp);
    await rename(temp, outFile);
  } finally {
    await rm(temp, { force: true });
  }
}

export function createEspeakEngine(binary: string, rate: number): SpeechEngine {
  return {
    name: 'espeak',
    format: 'wav',
    provider: OFFLINE_PROVIDER,
    model: 'espeak-ng',
    async synthesize(text, language, outFile) {
      await writeAtomically(outFile, async (temp) => {
        const textFile = `${temp}.txt`;
        await writeFile(textFile, text, 'utf8');
        try {
          await run(binary, [
            '-v',
            ESPEAK_VOICES[language],
            '-s',
            String(rate),
            '-b',
            '1',
            '-f',
            textFile,
            '-w',
            temp,
          ]);
        } finally {
          await rm(textFile, { force: true });
        }
      });
    },
  };
}

export function createOpenAiSpeechEngine(config: {
  apiKey: string;
  baseURL?: string;
  model: string;
  voice: string;
}): SpeechEngine {
  // Retries of a failed chunk are the job's (finished chunks are kept), so the client does not retry.
  // The SDK loads on the first chunk: a service that never speaks through OpenAI never holds it.
  let client: Promise<OpenAI> | undefined;
  const openai = () =>
    (client ??= import('openai').then(
      ({ default: OpenAI }) =>
        new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, maxRetries: 0, timeout: 120_000 }),
    ));
  return {
    name: 'openai',
    format: 'mp3',
    provider: providerFromBaseUrl(config.baseURL),
    model: config.model,
    async synthesize(text, _language, outFile) {
      const response = await (await openai()).audio.speech.create({
        model: config.model,
        voice: config.voice as 'alloy',
        input: text,
        response_format: 'mp3',
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length === 0) throw new Error('The speech service returned no audio');
      await writeAtomically(outFile, (temp) => writeFile(temp, bytes));
    },
  };
}

/**
 * espeak-ng from npm (WebAssembly, voices inside): installed by `pnpm install`, so a machine without
 * the espeak-ng program still speaks. Each chunk is made on a worker thread of `audio`.
 */
export function createEspeakWasmEngine(audio: AudioWorkers, rate: number): SpeechEngine {
  return {
    name: 'espeak-wasm',
    format: 'wav',
    provider: OFFLINE_PROVIDER,
    model: 'espeak-ng-wasm',
    async synthesize(text, language, outFile) {
      await writeAtomically(outFile, async (temp) => {
        await audio.speak({ text, voice: ESPEAK_VOICES[language], rate, outFile: temp });
      });
    },
  };
}

/** Whether the npm espeak-ng resolves (a production install without it, or a broken one, has none). */
export function hasEspeakWasm(): boolean {
  try {
    createRequire(import.meta.url).resolve('espeak-ng');
    return true;
  } catch {
    return false;
  }
}

/** The engine the service speaks with, and why that one (logged at start-up, recorded on each task). */
export type SpeechChoice = { engine: SpeechEngine | null; reason: string };

export type SpeechDetection = {
  audio: AudioWorkers;
  /** Where a program is on the PATH (tests hide the system espeak-ng through it). */
  findExecutable?: (name: string) => Promise<string | null>;
  hasEspeakWasm?: () => boolean;
};

/**
 * auto: OpenAI when a key and a TTS model are set, else the espeak-ng program when installed, else
 * espeak-ng from npm; PODCAST_TTS_ENGINE names one (and start-up fails when it is missing) or none.
 */
export async function resolveSpeechEngine(
  config: SpeechConfig,
  detection: SpeechDetection,
): Promise<SpeechChoice> {
  const find = detection.findExecutable ?? findExecutable;
  const wasmInstalled = detection.hasEspeakWasm ?? hasEspeakWasm;
  const wanted = config.PODCAST_TTS_ENGINE;
  if (wanted === 'none') return { engine: null, reason: 'PODCAST_TTS_ENGINE=none' };
  const openAiReady = Boolean(config.OPENAI_API_KEY && config.OPENAI_TTS_MODEL);
  if (wanted === 'openai' || (wanted === 'auto' && openAiReady)) {
    if (!openAiReady) throw new Error('PODCAST_TTS_ENGINE=openai needs OPENAI_API_KEY and OPENAI_TTS_MODEL');
    const engine = createOpenAiSpeechEngine({
      apiKey: config.OPENAI_API_KEY as string,
      baseURL: config.OPENAI_BASE_URL,
      model: config.OPENAI_TTS_MODEL as string,
      voice: config.OPENAI_TTS_VOICE,
    });
    return {
      engine,
      reason: wanted === 'auto' ? 'OPENAI_API_KEY and OPENAI_TTS_MODEL are set' : 'configured',
    };
  }
  if (wanted === 'espeak' || wanted === 'auto') {
    const espeak = await find('espeak-ng');
    if (espeak) {
      const engine = createEspeakEngine(espeak, config.PODCAST_ESPEAK_RATE);
      return { engine, reason: `${espeak} is installed` };
    }
    if (wanted === 'espeak') throw new Error('PODCAST_TTS_ENGINE=espeak but espeak-ng is not installed');
  }
  if (!wasmInstalled()) {
    if (wanted === 'espeak-wasm')
      throw new Error('PODCAST_TTS_ENGINE=espeak-wasm but the npm espeak-ng is missing');
    return { engine: null, reason: 'no OpenAI speech, no espeak-ng program and no npm espeak-ng' };
  }
  const engine = createEspeakWasmEngine(detection.audio, config.PODCAST_ESPEAK_RATE);
  return {
    engine,
    reason: wanted === 'auto' ? 'no OpenAI speech and no espeak-ng program on the PATH' : 'configured',
  };
}
