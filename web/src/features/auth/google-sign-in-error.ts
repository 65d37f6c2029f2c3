import { GOOGLE_SIGN_IN_ERRORS, type GoogleSignInErrorCode } from '@app/contracts';

/** The /auth `error` values the Google callback sends back (kept apart: /auth's route checks them). */
export function isGoogleSignInError(value: unknown): value is GoogleSignInErrorCode {
  return (GOOGLE_SIGN_IN_ERRORS as ReadonlyArray<unknown>).includes(value);
}
