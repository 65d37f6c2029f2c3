import { hashPassword } from '@app/db';

let dummyHash: Promise<string> | undefined;

/**
 * A real argon2 hash of a password nobody has: checked when there is no account (or no password), so
 * such an answer takes as long as a wrong password and timing does not tell which emails exist.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-real-password');
  return dummyHash;
}
