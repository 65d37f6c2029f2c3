import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import { createGenerationService, GENERATION_REPOS, type GenerationService } from './generation.service.ts';
import generateRoutes from './generate.routes.ts';
import generatedContentRoutes from './generated-content.routes.ts';
import generationTasksRoutes from './generation-tasks.routes.ts';

declare module '../module.ts' {
  interface Services {
    generation: GenerationService;
  }
}

/** Social content generation: the queued task, its status and position, the results. */
const generationModule: GatewayModule = {
  name: 'generation',
  services: (ctx, { services }) => ({
    generation: createGenerationService(withRepos(ctx, GENERATION_REPOS), services.usage),
  }),
  routes: async (app) => {
    await app.register(generationTasksRoutes, { prefix: '/api/generation-tasks' });
    await app.register(generatedContentRoutes, { prefix: '/api/generated-content' });
    await app.register(generateRoutes, { prefix: '/api/generate' });
  },
};

export default generationModule;
