import { testWorkerService } from '@app/testing';
import { crawlerService } from '../src/service.ts';

testWorkerService(crawlerService, { dir: new URL('..', import.meta.url), healthPort: 9101 });
