export { type ContentGenerationConfig, contentGenerationConfigSchema } from './config.ts';
export {
  type ContentGenerationService,
  SERVICE_NAME,
  type ServiceOverrides,
  startService,
} from './service.ts';
