import type { PrismaClient } from '@app/db';
import type { Llm } from '@app/llm';
import type { Logger } from '@app/logger';
import type { Producer } from '@app/queue';
import type { ObjectStorage } from '@app/storage';
import type { EncoderName } from '../audio/encode.ts';
import type { SpeechEngine } from '../audio/tts.ts';

export type PodcastDeps = {
  prisma: PrismaClient;
  llm: Llm;
  /** null: no speech engine; podcasts are text-only and the page says audio is not available. */
  speech: SpeechEngine | null;
  encoder: EncoderName;
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
