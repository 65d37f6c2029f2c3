import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Mp3Encoder } from '@breezystack/lamejs';
import type { SpeechFormat } from './tts.ts';
import { parseWav } from './wav.ts';
import { findExecutable, probeDuration, run } from './tools.ts';

export type EncoderName = 'ffmpeg' | 'lamejs';
export type EncodeResult = { encoder: EncoderName; durationSeconds: number | null };

export const MP3_BITRATE_KBPS = 64;

export async function resolveEncoder(wanted: 'auto' | EncoderName): Promise<EncoderName> {
  if (wanted === 'lamejs') return 'lamejs';
  const ffmpeg = await findExecutable('ffmpeg');
  if (ffmpeg) return 'ffmpeg';
  if (wanted === 'ffmpeg') throw new Error('PODCAST_ENCODER=ffmpeg but ffmpeg is not installed');
  return 'lamejs';
}

/** Joins the chunk files in order into one MP3 at outFile (atomically), and reports its duration. */
export async function joinToMp3(
  chunks: string[],
  format: SpeechFormat,
  outFile: string,
  encoder: EncoderName,
): Promise<EncodeResult> {
  if (chunks.length === 0) throw new Error('No audio chunks to join');
  const temp = path.join(path.dirname(outFile), `.${randomUUID()}.mp3`);
  try {
    let duration: number | null;
    if (encoder === 'ffmpeg') {
      await joinWithFfmpeg(chunks, temp);
      duration = await probeDuration(temp);
    } else if (format === 'wav') {
      duration = await encodeWavsWithLame(chunks, temp);
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

/** The pure JavaScript path (no ffmpeg): 16-bit mono WAV chunks → one MP3 via lamejs. */
async function encodeWavsWithLame(chunks: string[], outFile: string): Promise<number> {
  let encoder: Mp3Encoder | undefined;
  let sampleRate = 0;
  let total = 0;
  const out: Uint8Array[] = [];
  const BLOCK = 1152;
  for (const chunk of chunks) {
    const pcm = parseWav(await readFile(chunk));
    if (pcm.channels !== 1) throw new Error('Only mono speech chunks can be encoded without ffmpeg');
    if (!encoder) {
      sampleRate = pcm.sampleRate;
      // Loaded here: with ffmpeg installed the encoder is never needed.
      const lame = await import('@breezystack/lamejs');
      encoder = new lame.Mp3Encoder(1, sampleRate, MP3_BITRATE_KBPS);
    } else if (pcm.sampleRate !== sampleRate) {
      throw new Error('Speech chunks have different sample rates');
    }
    for (let i = 0; i < pcm.samples.length; i += BLOCK) {
      const frame = encoder.encodeBuffer(pcm.samples.subarray(i, i + BLOCK));
      if (frame.length > 0) out.push(frame);
    }
    total += pcm.samples.length;
  }
  const tail = encoder?.flush();
  if (tail && tail.length > 0) out.push(tail);
  await writeFile(
    outFile,
    Buffer.concat(out.map((part) => Buffer.from(part.buffer, part.byteOffset, part.length))),
  );
  return sampleRate ? total / sampleRate : 0;
}
