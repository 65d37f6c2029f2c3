import {
  ACCESS_MESSAGES,
  ADMIN_MESSAGES,
  BILLING_MESSAGES,
  BLOG_MESSAGES,
  CONTENT_MESSAGES,
  ERROR_CODES,
  type ErrorCode,
  GENERATION_MESSAGES,
  MESSAGES,
  NEWSLETTER_MESSAGES,
} from '@app/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, NETWORK_ERROR } from './api-error';
import type en from './locales/en.json';

// The one place an API error becomes words for people. The gateway answers in English (its messages
// are for developers and logs too); the web app shows its own text for the error, in the reader's
// language: the text of the exact message when it is one the contracts define (several situations
// share one code, e.g. PRO_REQUIRED for the free window and for favourites), else the code's text.
// No server sentence is ever shown as is.

/** Codes the web app itself gives an error: no answer at all, or something not from the API. */
export const CLIENT_ERROR_CODES = [NETWORK_ERROR, 'UNKNOWN'] as const;
export type ErrorTextCode = ErrorCode | (typeof CLIENT_ERROR_CODES)[number];

type Groups = typeof en.messages;
/** The message tables of the contracts, each under its group in the `apiErrors` namespace. */
export const MESSAGE_TABLES: { [G in keyof Groups]: Record<keyof Groups[G], string> } = {
  auth: MESSAGES,
  content: CONTENT_MESSAGES,
  newsletter: NEWSLETTER_MESSAGES,
  admin: ADMIN_MESSAGES,
  access: ACCESS_MESSAGES,
  generation: GENERATION_MESSAGES,
  billing: BILLING_MESSAGES,
  blog: BLOG_MESSAGES,
};

/** Any `t` of the app: keys carry their namespace (`apiErrors:…`), so a feature's own `t` will do. */
export type Translate = (key: never) => unknown;

export type ErrorTextKey = `apiErrors:codes.${string}` | `apiErrors:messages.${string}`;

/** Server message → its key. The first table naming a text wins (the same words mean the same thing). */
const KEY_OF_MESSAGE = new Map<string, ErrorTextKey>();
for (const [group, table] of Object.entries(MESSAGE_TABLES)) {
  for (const [name, text] of Object.entries(table)) {
    if (!KEY_OF_MESSAGE.has(text)) KEY_OF_MESSAGE.set(text, `apiErrors:messages.${group}.${name}`);
  }
}
const KNOWN_CODES = new Set<string>([...ERROR_CODES, ...CLIENT_ERROR_CODES]);

/** The key of a contracts message, or undefined for words the contracts do not define. */
export function messageKey(message: string | undefined): ErrorTextKey | undefined {
  return message === undefined ? undefined : KEY_OF_MESSAGE.get(message);
}

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
 * The i18n key for a failed call: the known message (or, for a validation failure, the first known
 * field message), else the code's generic text.
 */
export function errorTextKey(error: unknown): ErrorTextKey {
  if (isApiError(error) && !error.isNetworkError) {
    const byMessage = messageKey(error.message);
    if (byMessage) return byMessage;
    for (const field of Object.values(error.fields ?? {})) {
      const byField = messageKey(field);
      if (byField) return byField;
    }
  }
  return `apiErrors:codes.${errorTextCode(error)}`;
}

/**
 * A message the API sends in a success answer (e.g. "Your subscription has been reactivated") in the reader's
 * language, or undefined for words the contracts do not define (then say nothing rather than English).
 */
export function messageText(t: Translate, message: string | undefined): string | undefined {
  const key = messageKey(message);
  return key ? (t(key as never) as string) : undefined;
}

/** The text of an error in the language of `t`. */
export function errorText(t: Translate, error: unknown): string {
  return t(errorTextKey(error) as never) as string;
}

/**
 * A field's server message in the reader's language: the contracts' text, else the code's. Forms use it
 * for `fields` of a 400 answer.
 */
export function fieldErrorText(t: Translate, error: unknown, field: string): string | undefined {
  if (!isApiError(error)) return undefined;
  const message = error.fields?.[field];
  if (message === undefined) return undefined;
  const key = messageKey(message) ?? `apiErrors:codes.${errorTextCode(error)}`;
  return t(key as never) as string;
}

/** Every field message of a 400 answer, each in the reader's language (see fieldErrorText). */
export function fieldErrorTexts(t: Translate, error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const texts: Record<string, string> = {};
  for (const field of Object.keys(error.fields ?? {})) texts[field] = fieldErrorText(t, error, field) ?? '';
  return texts;
}

/** `(error) => text` in the current language, for toasts and alerts. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback((error: unknown) => errorText(t as Translate, error), [t]);
}
