import { runWorkerServiceMain } from '@app/queue';
import { mailerService } from './service.ts';

await runWorkerServiceMain(mailerService);
