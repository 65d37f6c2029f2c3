export const MIN_PASSWORD_LENGTH = 6;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type CredentialErrors = {
  /** i18n keys (spec §5: auth.emailRequired, auth.passwordRequired). */
  email?: 'auth.emailRequired';
  password?: 'auth.passwordRequired';
};

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export function validateCredentials(email: string, password: string): CredentialErrors {
  const errors: CredentialErrors = {};
  if (!isValidEmail(email)) errors.email = 'auth.emailRequired';
  if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'auth.passwordRequired';
  return errors;
}
