import type { FastifyPluginAsync } from 'fastify';
import credentialsRoutes from './credentials.routes.ts';
import googleRoutes from './google.routes.ts';
import sessionRoutes from './session.routes.ts';

/** /api/auth: passwords and email links, refresh sessions, Google sign-in. */
const authRoutes: FastifyPluginAsync = async (app) => {
  await app.register(credentialsRoutes);
  await app.register(sessionRoutes);
  await app.register(googleRoutes);
};

export default authRoutes;
