import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.ts';
import { secureCookies } from './refresh-cookie.ts';

export const KNOWN_DEVICE_COOKIE = 'known_device';

/** A browser stays known this long after its last successful sign-in to the account. */
export const KNOWN_DEVICE_DAYS = 365;
/** Accounts one browser is known for (people sharing a computer); the oldest goes first. */
const MAX_ACCOUNTS = 5;
const MAC_LENGTH = 27;

export type KnownDevices = {
  /** The device id this browser holds for `email` (signed for that account, unexpired), else null. */
  deviceOf(request: FastifyRequest, email: string): string | null;
  /** After a successful sign-in to `email`: this browser is known for that account (a new device id). */
  remember(request: FastifyRequest, reply: FastifyReply, email: string): void;
};

/**
 * The "known device" cookie: proof that this browser signed in to an account before, so that failed
 * logins by someone who only knows the address never slow it down (login-delay.ts). Each entry is
 * `<device id>.<expiry>.<mac>`, the MAC (a key derived from JWT_SECRET) binding the random id to the
 * account's address and the expiry: nobody can make one for an account without signing in to it, and the
 * cookie names no account. Nothing is stored on the server; a device's failed logins are counted under its
 * id, so a stolen cookie is slowed like any one source.
 */
export function createKnownDevices(
  config: Pick<GatewayConfig, 'JWT_SECRET' | 'NODE_ENV' | 'PUBLIC_URL'>,
  now: () => number = Date.now,
): KnownDevices {
  const key = createHmac('sha256', config.JWT_SECRET).update('known-device-v1').digest();
  const macOf = (email: string, id: string, expires: string) =>
    createHmac('sha256', key)
      .update(`${email.trim().toLowerCase()}\n${id}\n${expires}`)
      .digest('base64url')
      .slice(0, MAC_LENGTH);
  const options = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(config),
    // Every route that signs in, and the login it serves, are under /api/auth.
    path: '/api/auth',
    maxAge: KNOWN_DEVICE_DAYS * 86_400,
  };

  /** The cookie's well-formed, unexpired entries, whatever account each is for. */
  const entriesOf = (request: FastifyRequest) => {
    const value = request.cookies[KNOWN_DEVICE_COOKIE];
    if (!value || value.length > 100 * MAX_ACCOUNTS) return [];
    const seconds = Math.floor(now() / 1000);
    return value
      .split('~')
      .slice(0, MAX_ACCOUNTS)
      .map((entry) => entry.split('.'))
      .filter(
        (parts): parts is [string, string, string] =>
          parts.length === 3 &&
          parts.every((part) => /^[\w-]{1,40}$/.test(part)) &&
          Number.parseInt(parts[1]!, 36) > seconds,
      );
  };
  const matches = (email: string, [id, expires, mac]: [string, string, string]) => {
    const expected = Buffer.from(macOf(email, id, expires));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  return {
    deviceOf(request, email) {
      return entriesOf(request).find((entry) => matches(email, entry))?.[0] ?? null;
    },
    remember(request, reply, email) {
      const id = randomBytes(16).toString('base64url');
      const expires = (Math.floor(now() / 1000) + KNOWN_DEVICE_DAYS * 86_400).toString(36);
      const others = entriesOf(request)
        .filter((entry) => !matches(email, entry))
        .slice(0, MAX_ACCOUNTS - 1)
        .map((entry) => entry.join('.'));
      reply.setCookie(
        KNOWN_DEVICE_COOKIE,
        [`${id}.${expires}.${macOf(email, id, expires)}`, ...others].join('~'),
        options,
      );
    },
  };
}
