import type { FastifyPluginAsync } from 'fastify';
import credentialsRoutes from './credentials.routes.ts';
import googleRoutes from './google.routes.ts';
import passwordRoutes from './password.routes.ts';
import sessionRoutes from './session.routes.ts';

/** /api/auth: passwords (sign-in, reset, change) and email links, refresh sessions, Google sign-in. */
const authRoutes: FastifyPluginAsync = async (app) => {
  await app.register(credentialsRoutes);
  await app.register(passwordRoutes);
  await app.register(sessionRoutes);
  await app.register(googleRoutes);
};

export default authRoutes;
