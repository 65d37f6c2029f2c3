export { type CrawlerConfig, crawlerConfigSchema } from './config.ts';
export { type CrawlDeps, type CrawlOutcome, crawlDatasource } from './crawl-datasource.ts';
export { createEnqueueMany } from './enqueue-many.ts';
export { CrawlError, type CrawlErrorClass } from './errors.ts';
export { createFetcher, type Fetcher } from './fetch/http-fetcher.ts';
export { parseFeed } from './parse/feed-parser.ts';
export { createSanitizer, type Sanitizer } from './parse/sanitizer.ts';
export { enqueueDueCrawls, runDailyPipeline } from './scheduler.ts';
export {
  CRAWL_DUE_SCHEDULER_ID,
  crawlerService,
  crawlSettingsOf,
  DAILY_PIPELINE_SCHEDULER_ID,
  SERVICE_NAME,
  type ServiceOverrides,
  startService,
} from './service.ts';
