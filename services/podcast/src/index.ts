export { DEFAULT_STORAGE_DIR, type PodcastConfig, podcastConfigSchema } from './config.ts';
export { estimateSpeechSeconds, chunkScript, offlineScript } from './script/script.ts';
export { type ObjectStorage, createLocalStorage, createStorage } from '@app/storage';
export {
  PODCAST_SCHEDULER_ID,
  podcastService,
  SERVICE_NAME,
  type ServiceOverrides,
  startService,
} from './service.ts';
