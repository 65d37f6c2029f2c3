import type { FastifyPluginAsync } from 'fastify';
import generateRoutes from './generate.routes.ts';
import generatedContentRoutes from './generated-content.routes.ts';
import generationTasksRoutes from './generation-tasks.routes.ts';

/** Social content generation: the queued task, its status and position, the results. */
const generationModule: FastifyPluginAsync = async (app) => {
  await app.register(generationTasksRoutes, { prefix: '/api/generation-tasks' });
  await app.register(generatedContentRoutes, { prefix: '/api/generated-content' });
  await app.register(generateRoutes, { prefix: '/api/generate' });
};

export default generationModule;
