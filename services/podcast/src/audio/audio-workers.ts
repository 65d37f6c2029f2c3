import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Piscina } from 'piscina';
import type { AudioTask, EncodeResult, EncodeTask, SpeakResult, SpeakTask } from './audio.worker.ts';

/** The audio steps that run on worker threads: speech by the npm espeak-ng, MP3 by lamejs. */
export type AudioWorkers = {
  speak(task: SpeakTask): Promise<SpeakResult>;
  encodeWavs(task: EncodeTask): Promise<EncodeResult>;
  close(): Promise<void>;
};

// Compiled (dist/main.js), the worker is dist/audio.worker.js beside this module's bundle.
const COMPILED = import.meta.url.endsWith('.js');
const WORKER = new URL(COMPILED ? './audio.worker.js' : './audio.worker.ts', import.meta.url);

export const AUDIO_WORKERS_IDLE_MS = 60_000;

/**
 * The threads' young generation, in MiB. lamejs makes many short-lived arrays per MP3 frame: left to
 * size itself (Node 24's V8 does, unless NODE_OPTIONS caps semi-spaces as the launcher and the image
 * do), it grows by hundreds of MiB while a podcast is encoded; capped, encoding is as fast.
 */
export const AUDIO_WORKERS_YOUNG_GENERATION_MB = 16;

/**
 * A Piscina pool of at most `threads` worker threads. Threads start with the first task and end
 * after a minute without one, so an idle service holds no thread, no compiled espeak-ng and no
 * WebAssembly memory. From sources the worker module is TypeScript; when this process was not
 * started through tsx (a test runner transforms modules its own way), the workers load tsx themselves.
 */
export function createAudioWorkers(options: {
  threads: number;
  /** A thread that failed outside a task (its task, if any, is rejected too). Default: ignored. */
  onError?: (error: unknown) => void;
  /**
   * The compiled worker module (a service's dist/audio.worker.js) for a caller that runs from sources
   * but wants the threads as production runs them, without tsx: the bench, which measures their memory.
   */
  compiledWorker?: URL;
}): AudioWorkers {
  const worker = options.compiledWorker ?? WORKER;
  const needsTsx =
    !options.compiledWorker && !COMPILED && !process.execArgv.some((arg) => arg.includes('tsx'));
  // Loaded with the first task: a service that speaks through OpenAI and encodes with ffmpeg never does.
  let pool: Promise<Piscina> | undefined;
  let closed = false;
  const run = async <T>(task: AudioTask): Promise<T> => {
    if (closed) throw new Error('The audio worker threads are closed');
    pool ??= import('piscina').then(({ Piscina }) => {
      const created = new Piscina({
        filename: worker.href,
        minThreads: 0,
        maxThreads: Math.max(1, options.threads),
        idleTimeout: AUDIO_WORKERS_IDLE_MS,
        resourceLimits: { maxYoungGenerationSizeMb: AUDIO_WORKERS_YOUNG_GENERATION_MB },
        execArgv: needsTsx
          ? [
              ...process.execArgv,
              '--import',
              pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href,
            ]
          : options.compiledWorker
            ? [] // as `node dist/main.js` starts them: none of this process's loaders
            : process.execArgv,
      });
      // Unheard, an 'error' event would end the whole service.
      created.on('error', (error) => options.onError?.(error));
      return created;
    });
    return (await pool).run(task) as Promise<T>;
  };
  return {
    speak: (task) => run<SpeakResult>({ kind: 'speak', ...task }),
    encodeWavs: (task) => run<EncodeResult>({ kind: 'encode', ...task }),
    close: async () => {
      closed = true;
      await (await pool)?.close();
    },
  };
}
