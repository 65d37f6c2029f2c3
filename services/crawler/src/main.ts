import { runWorkerServiceMain } from '@app/queue';
import { crawlerService } from './service.ts';

await runWorkerServiceMain(crawlerService);
