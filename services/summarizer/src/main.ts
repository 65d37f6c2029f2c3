import { runWorkerServiceMain } from '@app/queue';
import { summarizerService } from './service.ts';

await runWorkerServiceMain(summarizerService);
