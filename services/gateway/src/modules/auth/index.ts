import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth.routes.ts';

/** Sign-up, sign-in (password and Google), sessions, password resets and verification. */
const authModule: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes, { prefix: '/api/auth' });
};

export default authModule;
