import { AppError, type ErrorBody } from '@app/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isQueueUnavailable } from '@app/queue';
import { isDatabaseBusy } from '../../lib/prisma-errors.ts';
import { RateLimitedError } from '../../lib/rate-limited.ts';

type Envelope = { status: number; body: ErrorBody };

const envelope = (
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): Envelope => ({
  status,
  body: { error: fields ? { code, message, fields } : { code, message } },
});

// fastify's own 4xx errors, in words for people rather than fastify's internals.
const FRAMEWORK_ERRORS: Record<string, [string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['BAD_REQUEST', 'Request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['BAD_REQUEST', 'Request body is empty'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    'UNSUPPORTED_MEDIA_TYPE',
    'Unsupported content type; send application/json',
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['BAD_REQUEST', 'Invalid content length'],
  FST_ERR_BAD_URL: ['BAD_REQUEST', 'Malformed URL'],
  FST_ERR_MAX_PARAM_LENGTH: ['URI_TOO_LONG', 'A path parameter is too long'],
};
const STATUS_CODES: Record<number, string> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** field path → message, using the schema's own messages (e.g. 'Please enter a valid email address'). */
function validationEnvelope(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
) {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const path =
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
    fields[path] ??= issue.message ?? 'Invalid value';
  }
  const first = Object.values(fields)[0] ?? 'Invalid request';
  return envelope(400, 'VALIDATION_FAILED', first, fields);
}

export function toEnvelope(error: unknown): Envelope | null {
  if (error instanceof AppError) return envelope(error.status, error.code, error.message, error.fields);
  if (hasZodFastifySchemaValidationErrors(error)) return validationEnvelope(error);
  const fastifyError = error as Partial<FastifyError> & { name?: string };
  const known = fastifyError.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
  const status = fastifyError.statusCode ?? 500;
  if (known) return envelope(status, known[0], known[1]);
  // A JSON.parse SyntaxError carries statusCode 400 without a fastify code.
  if (fastifyError.name === 'SyntaxError' && status === 400) {
    return envelope(400, 'BAD_REQUEST', 'Request body is not valid JSON');
  }
  if (status >= 400 && status < 500)
    return envelope(status, STATUS_CODES[status] ?? 'BAD_REQUEST', 'Bad request');
  if (tryAgainSoon(error)) return envelope(503, 'UNAVAILABLE', BUSY_MESSAGE);
  return null;
}

const BUSY_MESSAGE = 'The service is busy; please try again in a moment';
/** A database too busy to take the request, or a job queue that cannot be reached: a 503 to send again. */
const tryAgainSoon = (error: unknown) => isDatabaseBusy(error) || isQueueUnavailable(error);
/** Seconds a client is asked to wait before sending again a request the busy database turned away. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export function sendEnvelope(reply: FastifyReply, { status, body }: Envelope) {
  return reply.status(status).type('application/json').send(body);
}

export function notFoundEnvelope(): Envelope {
  return envelope(404, 'NOT_FOUND', 'Route not found');
}

/**
 * The one error handler: domain and client errors keep their message; a database too busy to take the
 * request, or a job queue that cannot be reached, is a 503 to try again; anything else is a logged 500.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error, request: FastifyRequest, reply) => {
      const known = toEnvelope(error);
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      if (tryAgainSoon(error)) reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      if (known) {
        if (known.status >= 500) request.log.error({ err: error }, known.body.error.message);
        else request.log.info({ code: known.body.error.code, status: known.status }, 'request rejected');
        return sendEnvelope(reply, known);
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendEnvelope(reply, envelope(500, 'INTERNAL', 'Internal server error'));
    });
  },
  { name: 'error-handler' },
);
