export { type ContentGenerationConfig, contentGenerationConfigSchema } from './config.ts';
export {
  type ContentGenerationService,
  contentGenerationService,
  GENERATION_SWEEP_SCHEDULER_ID,
  SERVICE_NAME,
  type ServiceOverrides,
  startService,
} from './service.ts';
