import type { PrismaClient } from '@app/db';
import type { Llm } from '@app/llm';
import type { Logger } from '@app/logger';
import type { Producer } from '@app/queue';
import type { ObjectStorage } from '@app/storage';
import type { AudioWorkers } from '../audio/audio-workers.ts';
import type { EncoderName } from '../audio/encode.ts';
import type { SpeechEngine } from '../audio/tts.ts';

export type PodcastDeps = {
  prisma: PrismaClient;
  llm: Llm;
  /** null: no speech engine; a podcast then fails (reason no_speech_engine) with its transcript kept. */
  speech: SpeechEngine | null;
  /** Why that engine (or none): logged at start-up and recorded on each task a run takes. */
  speechReason: string;
  encoder: EncoderName;
  /** Worker threads for the npm espeak-ng and the lamejs encoder. */
  audio: AudioWorkers;
  storage: ObjectStorage;
  producer: Pick<Producer, 'enqueue'>;
  /** Chunk files of unfinished tasks, kept across crashes: {workDir}/{task id}/. */
  workDir: string;
  chunkChars: number;
  espeakRate: number;
  leaseMs: number;
  timeZone: string;
  maxSummaries: number;
  now: () => Date;
  log: Logger;
};
