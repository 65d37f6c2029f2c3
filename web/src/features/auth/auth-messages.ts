import { msg } from '@lingui/core/macro';

// The sign-in screen's texts that auth-errors.ts and auth-validation.ts name by key (a failure's title and
// words, a field's error), declared where `lingui extract` finds them; the screen reads `shared.<key>`.
// auth-errors.test.ts holds every key they return to one.

export const AUTH_MESSAGES = [
  msg({ id: 'shared.common.error', message: 'Error' }),
  msg({ id: 'shared.auth.loginFailed', message: 'Login failed' }),
  msg({ id: 'shared.auth.registerFailed', message: 'Registration failed' }),
  msg({ id: 'shared.auth.invalidCredentials', message: 'Invalid email or password' }),
  msg({
    id: 'shared.auth.emailNotConfirmed',
    message: 'Please verify your email first. Check your inbox for the verification link.',
  }),
  msg({ id: 'shared.auth.tryAgainLater', message: 'Please try again later' }),
  msg({ id: 'shared.auth.emailRequired', message: 'Please enter a valid email address' }),
  msg({ id: 'shared.auth.passwordRequired', message: 'Password must be at least 6 characters' }),
];
