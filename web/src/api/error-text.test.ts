import {
  ACCESS_MESSAGES,
  CONTENT_MESSAGES,
  ERROR_CODES,
  GENERATION_MESSAGES,
  NEWSLETTER_MESSAGES,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { ApiError, toApiError } from './api-error';
import { CLIENT_ERROR_CODES, errorText, errorTextKey, fieldErrorText } from './error-text';
import en from './locales/en.json';
import { MESSAGE_TABLES, messageKey, nameMessages } from './message-keys';
import zh from './locales/zh.json';

const enT = createI18n('en').t;
const zhT = createI18n('zh').t;

/** Three Latin-script words in a row: an English sentence, not a name like "Pro" or "URL". */
const LATIN_RUN = /[A-Za-z]+[\s,.'-]+[A-Za-z]+[\s,.'-]+[A-Za-z]+/;
const CJK = /[\u4e00-\u9fff]/;

/** An error answer as the client throws it: its contracts' messages named (client.ts). */
const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  nameMessages(new ApiError(status, code, message, fields));

describe('API error texts', () => {
  it('have an English and a Chinese text for every error code of the contracts and of the client', () => {
    for (const code of [...ERROR_CODES, ...CLIENT_ERROR_CODES]) {
      const english = (en.codes as Record<string, string>)[code];
      const chinese = (zh.codes as Record<string, string>)[code];
      expect(english?.trim(), code).toBeTruthy();
      expect(chinese, code).toMatch(CJK);
      expect(chinese, code).not.toMatch(LATIN_RUN);
      // The lookup goes through the app's strings, so the namespace is registered too.
      expect(zhT(`apiErrors:codes.${code}` as never), code).toBe(chinese);
      expect(enT(`apiErrors:codes.${code}` as never), code).toBe(english);
    }
  });

  it('have an English and a Chinese text for every message of the contracts', () => {
    for (const [group, table] of Object.entries(MESSAGE_TABLES)) {
      for (const [name, message] of Object.entries(table)) {
        const key = messageKey(message);
        expect(key, `${group}.${name}`).toBeDefined();
        const chinese = zhT(key as never) as string;
        expect(chinese, `${group}.${name}`).toMatch(CJK);
        expect(chinese, `${group}.${name}`).not.toMatch(LATIN_RUN);
        expect((enT(key as never) as string).trim(), `${group}.${name}`).not.toBe('');
      }
    }
  });

  it('show the text of the exact message where one code covers several situations', () => {
    const freeWindow = apiError(403, 'PRO_REQUIRED', CONTENT_MESSAGES.freeWindow, { date: 'date_filter' });
    const favourites = apiError(403, 'PRO_REQUIRED', ACCESS_MESSAGES.proRequired);
    expect(errorText(zhT, freeWindow)).toBe('免费用户只能查看昨天和今天的摘要');
    expect(errorText(enT, freeWindow)).toBe('Free users can only view summaries from yesterday and today');
    expect(errorText(zhT, favourites)).toBe('此功能需要 Pro 订阅');
    expect(errorTextKey(freeWindow)).not.toBe(errorTextKey(favourites));
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
