import type { ErrorBody as ApiErrorBody } from '@app/contracts';

/** Every failed gateway call surfaces as an ApiError; status 0 means the request never got an answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /**
   * The message ids of the contracts' messages this answer holds (its own and its fields'), named by
   * the client before it throws (message-keys.ts): the tables of every English message stay out of
   * the first page's code.
   */
  messageKey: `apiErrors.messages.${string}` | undefined;
  fieldKeys: Record<string, `apiErrors.messages.${string}`> = {};

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const NETWORK_ERROR = 'NETWORK_ERROR';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** Builds the ApiError for a non-2xx answer from its status and (possibly non-JSON) body. */
export function toApiError(status: number, statusText: string, body: unknown): ApiError {
  if (isErrorBody(body)) {
    return new ApiError(status, body.error.code, body.error.message, body.error.fields);
  }
  return new ApiError(status, `HTTP_${status}`, statusText || `Request failed with status ${status}`);
}
