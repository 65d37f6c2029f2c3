import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import fp from 'fastify-plugin';

/** Cookies (refresh session, signed OAuth flow cookie) and HS256 JWTs, both keyed from JWT_SECRET. */
export default fp(
  async (app) => {
    await app.register(cookie, { secret: `cookie:${app.config.JWT_SECRET}` });
    await app.register(jwt, {
      secret: app.config.JWT_SECRET,
      sign: { algorithm: 'HS256' },
      verify: { algorithms: ['HS256'] },
    });
  },
  { name: 'cookie-jwt' },
);
