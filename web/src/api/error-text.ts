import { ERROR_CODES, type ErrorCode } from '@app/contracts';
import { useCallback } from 'react';
import type { LinguiT } from '../i18n/message-for';
import { useLingui } from '../i18n/react';
import { isApiError, NETWORK_ERROR } from './api-error';

// The one place an API error becomes words for people. The gateway answers in English (its messages
// are for developers and logs too); the web app shows its own text for the error, in the reader's
// language: the text of the exact message when it is one the contracts define (several situations
// share one code, e.g. PRO_REQUIRED for the free window and for favourites), else the code's text.
// No server sentence is ever shown as is. Which contracts message an answer holds is worked out by
// the client when the answer comes (message-keys.ts), so the message tables load only on an error. The
// texts are the apiErrors catalog's (api/locales), declared in error-messages.ts.

/** Codes the web app itself gives an error: no answer at all, or something not from the API. */
export const CLIENT_ERROR_CODES = [NETWORK_ERROR, 'UNKNOWN'] as const;
export type ErrorTextCode = ErrorCode | (typeof CLIENT_ERROR_CODES)[number];

/** The message id of an error's text. */
export type ErrorTextId = `apiErrors.codes.${string}` | `apiErrors.messages.${string}`;

const KNOWN_CODES = new Set<string>([...ERROR_CODES, ...CLIENT_ERROR_CODES]);

/** The code an error reads as: its own when known; an unknown 5xx as INTERNAL, anything else UNKNOWN. */
export function errorTextCode(error: unknown): ErrorTextCode {
  if (!isApiError(error)) return 'UNKNOWN';
  if (KNOWN_CODES.has(error.code)) return error.code as ErrorTextCode;
  if (error.status >= 500) return 'INTERNAL';
  if (error.status === 401) return 'UNAUTHENTICATED';
  if (error.status === 403) return 'FORBIDDEN';
  if (error.status === 404) return 'NOT_FOUND';
  if (error.status === 429) return 'RATE_LIMITED';
  return 'UNKNOWN';
}

/**
 * The message id for a failed call: the known message (or, for a validation failure, the first known
 * field message), else the code's generic text.
 */
export function errorTextId(error: unknown): ErrorTextId {
  if (isApiError(error) && !error.isNetworkError) {
    const byMessage = error.messageKey ?? Object.values(error.fieldKeys)[0];
    if (byMessage) return byMessage;
  }
  return `apiErrors.codes.${errorTextCode(error)}`;
}

/** The text of an error in the language of `t` (a screen's Lingui `t`). */
export function errorText(t: LinguiT, error: unknown): string {
  return t({ id: errorTextId(error) });
}

/**
 * A field's server message in the reader's language: the contracts' text, else the code's. Forms use it
 * for `fields` of a 400 answer.
 */
export function fieldErrorText(t: LinguiT, error: unknown, field: string): string | undefined {
  if (!isApiError(error)) return undefined;
  const message = error.fields?.[field];
  if (message === undefined) return undefined;
  return t({ id: error.fieldKeys[field] ?? `apiErrors.codes.${errorTextCode(error)}` });
}

/** Every field message of a 400 answer, each in the reader's language (see fieldErrorText). */
export function fieldErrorTexts(t: LinguiT, error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const texts: Record<string, string> = {};
  for (const field of Object.keys(error.fields ?? {})) texts[field] = fieldErrorText(t, error, field) ?? '';
  return texts;
}

/** `(error) => text` in the current language, for toasts and alerts. */
export function useErrorText(): (error: unknown) => string {
  const { _ } = useLingui();
  return useCallback((error: unknown) => errorText(_, error), [_]);
}
