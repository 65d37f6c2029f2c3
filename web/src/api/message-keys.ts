import {
  ACCESS_MESSAGES,
  ADMIN_MESSAGES,
  BILLING_MESSAGES,
  BLOG_MESSAGES,
  CONTENT_MESSAGES,
  GENERATION_MESSAGES,
  MESSAGES,
  NEWSLETTER_MESSAGES,
  READING_MESSAGES,
} from '@app/contracts';
import type { LinguiT } from '../i18n/message-for';
import type { ApiError } from './api-error';

// The contracts' English messages and their message ids (error-messages.ts declares their texts). The
// API answers with the message itself; the client names it here (nameMessages) before it throws, loading
// this module with the first failed answer: a page that never sees an error never downloads the tables.

type MessageKey = `apiErrors.messages.${string}`;
/** The message tables of the contracts, each under its group in the `apiErrors` catalog. */
export const MESSAGE_TABLES: Record<string, Readonly<Record<string, string>>> = {
  auth: MESSAGES,
  content: CONTENT_MESSAGES,
  newsletter: NEWSLETTER_MESSAGES,
  admin: ADMIN_MESSAGES,
  access: ACCESS_MESSAGES,
  generation: GENERATION_MESSAGES,
  billing: BILLING_MESSAGES,
  blog: BLOG_MESSAGES,
  reading: READING_MESSAGES,
};

/** Server message → its key. The first table naming a text wins (the same words mean the same thing). */
const KEY_OF_MESSAGE = new Map<string, MessageKey>();
for (const [group, table] of Object.entries(MESSAGE_TABLES)) {
  for (const [name, text] of Object.entries(table)) {
    if (!KEY_OF_MESSAGE.has(text)) KEY_OF_MESSAGE.set(text, `apiErrors.messages.${group}.${name}`);
  }
}

/** The key of a contracts message, or undefined for words the contracts do not define. */
export function messageKey(message: string | undefined): MessageKey | undefined {
  return message === undefined ? undefined : KEY_OF_MESSAGE.get(message);
}

/** Names the contracts' messages an error answer holds: its own and its fields'. */
export function nameMessages(error: ApiError): ApiError {
  error.messageKey = messageKey(error.message);
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    const key = messageKey(message);
    if (key) error.fieldKeys[field] = key;
  }
  return error;
}

/**
 * A message the API sends in a success answer (e.g. "Your subscription has been reactivated") in the reader's
 * language, or undefined for words the contracts do not define (then say nothing rather than English).
 */
export function messageText(t: LinguiT, message: string | undefined): string | undefined {
  const id = messageKey(message);
  return id ? t({ id }) : undefined;
}
