import type { FastifyReply } from 'fastify';
import type { AudioAnswer } from './podcast-audio.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { mediaResponse } from '../../lib/openapi.ts';

/** What sendAudio answers, for the schemas of the routes that use it. */
export const AUDIO_RESPONSES = {
  200: mediaResponse('The MP3', ['audio/mpeg'], 'binary'),
  206: mediaResponse('The byte range asked for (Range)', ['audio/mpeg'], 'binary'),
  ...errorResponses(416),
};

/**
 * An MP3 answer: 200 with the whole file, 206 with the range asked for, or 416 (with the file's size)
 * for a range outside it. HEAD gets the same headers with an empty body.
 */
export function sendAudio(reply: FastifyReply, audio: AudioAnswer, cacheControl: string) {
  reply.header('accept-ranges', 'bytes');
  if (audio.unsatisfiable) {
    return reply
      .code(416)
      .header('content-type', 'application/json')
      .header('content-range', `bytes */${audio.size}`)
      .send({ error: { code: 'RANGE_NOT_SATISFIABLE', message: 'Range not satisfiable' } });
  }
  reply.header('content-type', 'audio/mpeg').header('cache-control', cacheControl);
  const { range, size, body } = audio;
  if (!range) return reply.header('content-length', size).send(body as never);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(body as never);
}
