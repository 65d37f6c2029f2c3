import type { FastifyPluginAsync } from 'fastify';
import opsRoutes from './ops.routes.ts';

/** Health, readiness and metrics. */
const opsModule: FastifyPluginAsync = async (app) => {
  await app.register(opsRoutes);
};

export default opsModule;
