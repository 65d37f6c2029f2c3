import { runWorkerServiceMain } from '@app/queue';
import { podcastService } from './service.ts';

await runWorkerServiceMain(podcastService);
