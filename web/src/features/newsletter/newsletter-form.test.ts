import { DEFAULT_DIGEST_TIME_ZONE } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { nameMessages } from '../../api/message-keys';
import { browserTimeZone, canSubmit, DEFAULT_ZONE, failureMessage, normalizeEmail } from './newsletter-form';

describe('newsletter signup rules', () => {
  it('needs a non-blank email and a topic', () => {
    expect(canSubmit('  ', ['t'])).toBe(false);
    expect(canSubmit('a@b.c', [])).toBe(false);
    expect(canSubmit(' a@b.c ', ['t'])).toBe(true);
  });
  it('trims and lower-cases the email', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });
  it('picks the spec failure text per variant', () => {
    const invalid = nameMessages(
      new ApiError(400, 'VALIDATION_FAILED', 'Please enter a valid email address', {
        email: 'Please enter a valid email address',
      }),
    );
    expect(failureMessage(invalid, 'home')).toEqual({ errorKey: 'apiErrors.messages.auth.invalidEmail' });
    expect(failureMessage(invalid, 'landing')).toEqual({ key: 'failureLanding' });
    expect(failureMessage(new ApiError(500, 'INTERNAL', 'x'), 'home')).toEqual({ key: 'failureHome' });
    expect(failureMessage(new ApiError(400, 'BAD_REQUEST', 'Odd'), 'home')).toEqual({
      errorKey: 'apiErrors.codes.BAD_REQUEST',
    });
  });
  it("starts from the browser's zone, else the digest's default", () => {
    expect(DEFAULT_ZONE).toBe(DEFAULT_DIGEST_TIME_ZONE);
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
