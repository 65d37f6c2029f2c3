import { ErrorBodySchema } from '@app/contracts';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 416 | 429 | 503;

/** Documents a route's error answers: every one of them has the `{error:{code,message,fields?}}` shape. */
export function errorResponses(...statuses: ErrorStatus[]): Record<number, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
}
