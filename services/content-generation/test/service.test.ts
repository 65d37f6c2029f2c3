import { testWorkerService } from '@app/testing';
import { contentGenerationService } from '../src/service.ts';

testWorkerService(contentGenerationService, { dir: new URL('..', import.meta.url), healthPort: 9104 });
