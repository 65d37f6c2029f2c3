import { testWorkerService } from '@app/testing';
import { summarizerService } from '../src/service.ts';

testWorkerService(summarizerService, { dir: new URL('..', import.meta.url), healthPort: 9102 });
