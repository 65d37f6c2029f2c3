import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import { AUTH_REPOS, type AuthService, createAuthService } from './auth.service.ts';
import { createGoogleAuthService, GOOGLE_AUTH_REPOS, type GoogleAuthService } from './google-auth.service.ts';
import { createPasswordsService, PASSWORDS_REPOS, type PasswordsService } from './passwords.service.ts';
import { createSessionsService, SESSIONS_REPOS, type SessionsService } from './sessions.service.ts';
import {
  createSignInWarningsService,
  SIGN_IN_WARNINGS_REPOS,
  type SignInWarningsService,
} from './sign-in-warnings.service.ts';
import authRoutes from './auth.routes.ts';

declare module '../module.ts' {
  interface Services {
    sessions: SessionsService;
    auth: AuthService;
    google: GoogleAuthService;
    passwords: PasswordsService;
    signInWarnings: SignInWarningsService;
  }
}

/** Sign-up, sign-in (password and Google), sessions, password resets and verification. */
const authModule: GatewayModule = {
  name: 'auth',
  services: (ctx) => {
    const sessions = createSessionsService(withRepos(ctx, SESSIONS_REPOS));
    return {
      sessions,
      auth: createAuthService(withRepos(ctx, AUTH_REPOS), sessions),
      google: createGoogleAuthService(withRepos(ctx, GOOGLE_AUTH_REPOS), sessions),
      passwords: createPasswordsService(withRepos(ctx, PASSWORDS_REPOS), sessions),
      signInWarnings: createSignInWarningsService(withRepos(ctx, SIGN_IN_WARNINGS_REPOS)),
    };
  },
  routes: async (app) => {
    await app.register(authRoutes, { prefix: '/api/auth' });
  },
};

export default authModule;
