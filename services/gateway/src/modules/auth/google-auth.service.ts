import { randomUUID } from 'node:crypto';
import { AppError, type UiLanguage } from '@app/contracts';
import type { auth } from '@googleapis/oauth2';
import { z } from 'zod';
import { isGoogleConfigured } from '../../config.ts';
import type { RequestMeta, ServiceContext } from '../context.ts';
import { findOrCreateGoogleUser } from './google-users.ts';
import type { SessionsService, StartedSession } from './sessions.service.ts';

type OAuth2Client = InstanceType<typeof auth.OAuth2>;
type AuthUrlOptions = NonNullable<Parameters<OAuth2Client['generateAuthUrl']>[0]>;

export type GoogleAuthService = ReturnType<typeof createGoogleAuthService>;
/** The browser keeps this (signed, httpOnly) between start and callback: it binds the state to this browser and holds the PKCE verifier, which must never appear in a URL. */
export type GoogleFlowCookie = { nonce: string; verifier: string };

const STATE_TTL = '10m';

const UserInfoSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.email().transform((e) => e.toLowerCase()),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
  picture: z.url().max(2048).optional(),
});

const StateSchema = z.object({
  typ: z.literal('google_state'),
  nonce: z.string(),
  lang: z.enum(['en', 'zh']),
});

export class GoogleSignInError extends Error {
  constructor(
    readonly language: UiLanguage,
    reason: string,
  ) {
    super(`Google sign-in failed: ${reason}`);
  }
}

/** The repositories this service is given (its module's index.ts hands it these only). */
export const GOOGLE_AUTH_REPOS = ['users'] as const;

export function createGoogleAuthService(
  ctx: ServiceContext<(typeof GOOGLE_AUTH_REPOS)[number]>,
  sessions: SessionsService,
) {
  const { config, tokens, clock } = ctx;

  const client = async (): Promise<OAuth2Client> => {
    if (!isGoogleConfigured(config)) throw new AppError('UNAVAILABLE', 'Google sign-in is not configured');
    const { auth } = await loadGoogleOAuth();
    // One client per flow: getToken/setCredentials keep state that must not leak between users.
    return new auth.OAuth2({
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      redirectUri: `${config.PUBLIC_URL}/api/auth/google/callback`,
      endpoints: { oauth2AuthBaseUrl: config.GOOGLE_AUTH_URL, oauth2TokenUrl: config.GOOGLE_TOKEN_URL },
    });
  };

  return {
    async start(language: UiLanguage): Promise<{ url: string; cookie: GoogleFlowCookie }> {
      const oauth = await client();
      const nonce = randomUUID();
      const { codeVerifier, codeChallenge } = await oauth.generateCodeVerifierAsync();
      const state = tokens.sign({ typ: 'google_state', nonce, lang: language }, { expiresIn: STATE_TTL });
      const url = oauth.generateAuthUrl({
        scope: ['openid', 'email', 'profile'],
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256' as AuthUrlOptions['code_challenge_method'],
        prompt: 'select_account',
      });
      return { url, cookie: { nonce, verifier: codeVerifier } };
    },

    /** Throws GoogleSignInError (carrying the language for the redirect) on any failure. */
    async finish(
      query: { code?: string; state?: string; error?: string },
      flow: GoogleFlowCookie | null,
      meta: RequestMeta,
    ): Promise<{ language: UiLanguage; started: StartedSession }> {
      const state = readState(query.state);
      const language = state?.lang ?? 'en';
      const fail = (reason: string) => new GoogleSignInError(language, reason);
      if (!state) throw fail('bad state');
      if (query.error || !query.code) throw fail(`provider error ${query.error ?? 'no code'}`);
      if (!flow || flow.nonce !== state.nonce) throw fail('state not issued to this browser');
      try {
        const oauth = await client();
        const { tokens: grant } = await oauth.getToken({ code: query.code, codeVerifier: flow.verifier });
        if (!grant.access_token) throw new Error('no access token');
        const info = await fetchUserInfo(config.GOOGLE_USERINFO_URL, grant.access_token);
        if (!info.email_verified) throw new Error('Google email not verified');
        const user = await findOrCreateGoogleUser(ctx.repos, info, clock());
        return { language, started: await sessions.start(user, meta) };
      } catch (error) {
        ctx.logger.warn({ err: error, requestId: meta.requestId }, 'google sign-in failed');
        throw fail(error instanceof Error ? error.message : 'unknown');
      }
    },
  };

  function readState(state: string | undefined) {
    if (!state) return null;
    try {
      return StateSchema.parse(tokens.verify(state));
    } catch {
      return null;
    }
  }
}

// Google's client library is loaded by the first sign-in, not at start-up: most installs never use it.
let googleOAuth: Promise<typeof import('@googleapis/oauth2')> | undefined;
function loadGoogleOAuth() {
  googleOAuth ??= import('@googleapis/oauth2');
  return googleOAuth;
}

async function fetchUserInfo(url: string, accessToken: string) {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
  return UserInfoSchema.parse(await response.json());
}
