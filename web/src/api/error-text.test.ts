import {
  ACCESS_MESSAGES,
  CONTENT_MESSAGES,
  ERROR_CODES,
  GENERATION_MESSAGES,
  NEWSLETTER_MESSAGES,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { MessageDescriptor } from '@lingui/core';
import { createI18n } from '../i18n';
import { ApiError, toApiError } from './api-error';
import { CLIENT_ERROR_CODES, errorText, errorTextId, fieldErrorText } from './error-text';
import { CODE_MESSAGES, CONTRACT_MESSAGES } from './error-messages';
import { MESSAGE_TABLES, messageKey, nameMessages } from './message-keys';

const enLingui = createI18n('en').lingui;
const zhLingui = createI18n('zh').lingui;
const enT = (descriptor: MessageDescriptor) => enLingui._(descriptor);
const zhT = (descriptor: MessageDescriptor) => zhLingui._(descriptor);
/** A code's text as its catalog has it. */
const code = (lingui: typeof enLingui) => (name: string) => lingui._({ id: `apiErrors.codes.${name}` });
const en = {
  codes: new Proxy({} as Record<string, string>, { get: (_, name) => code(enLingui)(String(name)) }),
};
const zh = {
  codes: new Proxy({} as Record<string, string>, { get: (_, name) => code(zhLingui)(String(name)) }),
};

/** Three Latin-script words in a row: an English sentence, not a name like "Pro" or "URL". */
const LATIN_RUN = /[A-Za-z]+[\s,.'-]+[A-Za-z]+[\s,.'-]+[A-Za-z]+/;
const CJK = /[\u4e00-\u9fff]/;

/** An error answer as the client throws it: its contracts' messages named (client.ts). */
const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  nameMessages(new ApiError(status, code, message, fields));

describe('API error texts', () => {
  it('have an English and a Chinese text for every error code of the contracts and of the client', () => {
    const declared = new Set(CODE_MESSAGES.map((descriptor) => descriptor.id));
    for (const code of [...ERROR_CODES, ...CLIENT_ERROR_CODES]) {
      const id = `apiErrors.codes.${code}`;
      // Declared where extraction finds it, and compiled into both languages' catalogs.
      expect(declared.has(id), code).toBe(true);
      expect(Object.hasOwn(enLingui.messages, id) && Object.hasOwn(zhLingui.messages, id), code).toBe(true);
      const chinese = zhT({ id });
      expect(enT({ id }).trim(), code).toBeTruthy();
      expect(chinese, code).toMatch(CJK);
      expect(chinese, code).not.toMatch(LATIN_RUN);
    }
  });

  it('have an English and a Chinese text for every message of the contracts', () => {
    const declared = new Set(CONTRACT_MESSAGES.map((descriptor) => descriptor.id));
    for (const [group, table] of Object.entries(MESSAGE_TABLES)) {
      for (const [name, message] of Object.entries(table)) {
        const id = messageKey(message);
        expect(id, `${group}.${name}`).toBeDefined();
        expect(declared.has(id!), `${group}.${name}`).toBe(true);
        expect(Object.hasOwn(zhLingui.messages, id!), `${group}.${name}`).toBe(true);
        const chinese = zhT({ id: id! });
        expect(chinese, `${group}.${name}`).toMatch(CJK);
        expect(chinese, `${group}.${name}`).not.toMatch(LATIN_RUN);
        expect(enT({ id: id! }).trim(), `${group}.${name}`).not.toBe('');
      }
    }
  });

  it('show the text of the exact message where one code covers several situations', () => {
    const freeWindow = apiError(403, 'PRO_REQUIRED', CONTENT_MESSAGES.freeWindow, { date: 'date_filter' });
    const favourites = apiError(403, 'PRO_REQUIRED', ACCESS_MESSAGES.proRequired);
    expect(errorText(zhT, freeWindow)).toBe('免费用户只能查看昨天和今天的摘要');
    expect(errorText(enT, freeWindow)).toBe('Free users can only view summaries from yesterday and today');
    expect(errorText(zhT, favourites)).toBe('此功能需要 Pro 订阅');
    expect(errorTextId(freeWindow)).not.toBe(errorTextId(favourites));
  });

  it('read a validation failure by its first known field message', () => {
    const error = apiError(400, 'VALIDATION_FAILED', 'Invalid input: expected string', {
      email: NEWSLETTER_MESSAGES.invalidEmail,
    });
    expect(errorText(zhT, error)).toBe('请输入有效的邮箱地址');
    const tooLong = apiError(400, 'VALIDATION_FAILED', GENERATION_MESSAGES.userInputTooLong, {
      user_input: GENERATION_MESSAGES.userInputTooLong,
    });
    expect(errorText(zhT, tooLong)).toBe('补充说明最多 500 个字符');
    expect(fieldErrorText(zhT, tooLong, 'user_input')).toBe('补充说明最多 500 个字符');
    expect(fieldErrorText(zhT, tooLong, 'other')).toBeUndefined();
  });

  it('fall back to the code, never to the server sentence', () => {
    const unknownSentence = 'Only a failed or cancelled task can be retried (it is running)';
    expect(errorText(zhT, apiError(409, 'CONFLICT', unknownSentence))).toBe(zh.codes.CONFLICT);
    expect(errorText(enT, apiError(409, 'CONFLICT', unknownSentence))).toBe(en.codes.CONFLICT);
    expect(
      errorText(zhT, apiError(429, 'RATE_LIMITED', 'Too many attempts, please try again in 3 minutes')),
    ).toBe(zh.codes.RATE_LIMITED);
    expect(errorText(zhT, apiError(400, 'VALIDATION_FAILED', 'Too small: expected >= 1', { x: 'y' }))).toBe(
      zh.codes.VALIDATION_FAILED,
    );
  });

  it('give answers without an error body, network failures and other throws a text too', () => {
    expect(errorText(zhT, toApiError(502, 'Bad Gateway', '<html>'))).toBe(zh.codes.INTERNAL);
    expect(errorText(zhT, toApiError(404, 'Not Found', undefined))).toBe(zh.codes.NOT_FOUND);
    expect(errorText(zhT, toApiError(418, "I'm a teapot", undefined))).toBe(zh.codes.UNKNOWN);
    expect(errorText(zhT, apiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBe(zh.codes.NETWORK_ERROR);
    expect(errorText(zhT, new TypeError('Cannot read properties of undefined'))).toBe(zh.codes.UNKNOWN);
    expect(errorText(zhT, apiError(400, 'SOMETHING_NEW', 'A sentence from a newer server'))).toBe(
      zh.codes.UNKNOWN,
    );
  });
});
