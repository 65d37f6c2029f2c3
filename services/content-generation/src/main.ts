import { runWorkerServiceMain } from '@app/queue';
import { contentGenerationService } from './service.ts';

await runWorkerServiceMain(contentGenerationService);
