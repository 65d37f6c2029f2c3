export { type SummarizerConfig, summarizerConfigSchema } from './config.ts';
export { generateSummary, SummaryOutputSchema } from './generate.ts';
export { SERVICE_NAME, type ServiceOverrides, startService, summarizerService } from './service.ts';
export { summarizeDatasourceDay } from './summarize-day.ts';
export { type SummarizeDeps, summarizePost } from './summarize-post.ts';
