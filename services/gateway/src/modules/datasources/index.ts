import type { FastifyPluginAsync } from 'fastify';
import adminDatasourcesRoutes from './admin-datasources.routes.ts';
import adminSourceHealthRoutes from './admin-source-health.routes.ts';
import datasourcesRoutes from './datasources.routes.ts';
import youtubeRoutes from './youtube.routes.ts';

/** Sources: the reader's tree and YouTube channels, the admin's table and source health. */
const datasourcesModule: FastifyPluginAsync = async (app) => {
  await app.register(datasourcesRoutes);
  await app.register(youtubeRoutes, { prefix: '/api/youtube' });
  await app.register(adminDatasourcesRoutes, { prefix: '/api/admin' });
  await app.register(adminSourceHealthRoutes, { prefix: '/api/admin' });
};

export default datasourcesModule;
