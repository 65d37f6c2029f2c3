import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AudioWorkers } from './audio-workers.ts';
import type { SpeechFormat } from './tts.ts';
import { findExecutable, probeDuration, run } from './tools.ts';

export type EncoderName = 'ffmpeg' | 'lamejs';
export type EncodeResult = { encoder: EncoderName; durationSeconds: number | null };

export const MP3_BITRATE_KBPS = 64;

export async function resolveEncoder(
  wanted: 'auto' | EncoderName,
  find: (name: string) => Promise<string | null> = findExecutable,
): Promise<EncoderName> {
  if (wanted === 'lamejs') return 'lamejs';
  const ffmpeg = await find('ffmpeg');
  if (ffmpeg) return 'ffmpeg';
  if (wanted === 'ffmpeg') throw new Error('PODCAST_ENCODER=ffmpeg but ffmpeg is not installed');
  return 'lamejs';
}

/**
 * Joins the chunk files in order into one MP3 at outFile (atomically), and reports its duration.
 * Without ffmpeg, WAV chunks are encoded by lamejs on a worker thread of `audio`.
 */
export async function joinToMp3(
  chunks: string[],
  format: SpeechFormat,
  outFile: string,
  encoder: EncoderName,
  audio: Pick<AudioWorkers, 'encodeWavs'>,
): Promise<EncodeResult> {
  if (chunks.length === 0) throw new Error('No audio chunks to join');
  const temp = path.join(path.dirname(outFile), `.${randomUUID()}.mp3`);
  try {
    let duration: number | null;
    if (encoder === 'ffmpeg') {
      await joinWithFfmpeg(chunks, temp);
      duration = await probeDuration(temp);
    } else if (format === 'wav') {
      duration = (await audio.encodeWavs({ chunks, outFile: temp, bitrateKbps: MP3_BITRATE_KBPS }))
        .durationSeconds;
    } else {
      // MP3 frames are self-contained: byte-joined MP3 chunks play as one stream.
      const parts = await Promise.all(chunks.map((chunk) => readFile(chunk)));
      await writeFile(temp, Buffer.concat(parts));
      duration = await probeDuration(temp);
    }
    await rename(temp, outFile);
    return { encoder, durationSeconds: duration };
  } finally {
    await rm(temp, { force: true });
  }
}

async function joinWithFfmpeg(chunks: string[], outFile: string) {
  const ffmpeg = (await findExecutable('ffmpeg')) as string;
  const list = `${outFile}.txt`;
  const quote = (file: string) => `file '${path.resolve(file).replaceAll("'", "'\\''")}'`;
  await writeFile(list, `${chunks.map(quote).join('\n')}\n`, 'utf8');
  try {
    await run(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list],
      ...['-vn', '-ac', '1', '-ar', '22050', '-codec:a', 'libmp3lame', '-b:a', `${MP3_BITRATE_KBPS}k`],
      ...['-f', 'mp3', outFile],
    ]);
  } finally {
    await rm(list, { force: true });
  }
}
