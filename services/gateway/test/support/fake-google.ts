import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type GoogleAccount = { sub: string; email: string; email_verified: boolean; picture?: string };

export type FakeGoogle = {
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  /** The gateway settings that point Google sign-in at this fake. */
  env: Record<
    | 'GOOGLE_CLIENT_ID'
    | 'GOOGLE_CLIENT_SECRET'
    | 'GOOGLE_AUTH_URL'
    | 'GOOGLE_TOKEN_URL'
    | 'GOOGLE_USERINFO_URL',
    string
  >;
  /** The account that "signs in" at the next authorization request. */
  signInAs(account: GoogleAccount): void;
  /** Every token exchange, for asserting on what the gateway sent. */
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
};

const CLIENT = { id: 'fake-client-id', secret: 'fake-client-secret' };
export const FAKE_GOOGLE_CLIENT = CLIENT;

/**
 * Google's three OAuth endpoints on 127.0.0.1, strict like the real ones: the code is single-use,
 * bound to the redirect URI, and the PKCE verifier must match the challenge.
 */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  let account: GoogleAccount | undefined;
  const codes = new Map<string, { account: GoogleAccount; challenge: string; redirectUri: string }>();
  const accessTokens = new Map<string, GoogleAccount>();
  const tokenRequests: URLSearchParams[] = [];

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/auth' && req.method === 'GET') return authorize(url, res);
    if (url.pathname === '/token' && req.method === 'POST')
      return token(new URLSearchParams(await read(req)), res);
    if (url.pathname === '/userinfo' && req.method === 'GET') {
      const who = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return who ? json(res, 200, who) : json(res, 401, { error: 'invalid_token' });
    }
    json(res, 404, { error: 'not_found' });
  });

  function authorize(url: URL, res: ServerResponse) {
    const p = url.searchParams;
    if (p.get('client_id') !== CLIENT.id || p.get('code_challenge_method') !== 'S256' || !account) {
      return json(res, 400, { error: 'invalid_request' });
    }
    const code = randomUUID();
    const redirectUri = p.get('redirect_uri') ?? '';
    codes.set(code, { account, challenge: p.get('code_challenge') ?? '', redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', p.get('state') ?? '');
    res.writeHead(302, { location: back.toString() }).end();
  }

  function token(form: URLSearchParams, res: ServerResponse) {
    tokenRequests.push(form);
    const grant = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const ok =
      grant &&
      form.get('client_id') === CLIENT.id &&
      form.get('client_secret') === CLIENT.secret &&
      form.get('redirect_uri') === grant.redirectUri &&
      challenge === grant.challenge;
    if (!ok) return json(res, 400, { error: 'invalid_grant' });
    const accessToken = randomUUID();
    accessTokens.set(accessToken, grant.account);
    json(res, 200, {
      access_token: accessToken,
      expires_in: 3599,
      token_type: 'Bearer',
      scope: 'openid email profile',
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    authUrl: `${base}/auth`,
    tokenUrl: `${base}/token`,
    userinfoUrl: `${base}/userinfo`,
    env: {
      GOOGLE_CLIENT_ID: CLIENT.id,
      GOOGLE_CLIENT_SECRET: CLIENT.secret,
      GOOGLE_AUTH_URL: `${base}/auth`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_USERINFO_URL: `${base}/userinfo`,
    },
    signInAs: (next) => {
      account = next;
    },
    tokenRequests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
