export {
  type ExtractiveSummary,
  type ExtractiveSummaryInput,
  extractiveSummarize,
  type SummaryLanguage,
} from './extractive.ts';
export {
  type ChatMessage,
  createLlm,
  createLlmFromEnv,
  DEFAULT_EMBEDDING_MODEL,
  DEFAULT_MODEL,
  type Llm,
  type LlmConfig,
  type LlmEnv,
  LlmNotConfiguredError,
  LlmOutputError,
} from './provider.ts';
export { splitSentences, tokenize } from './sentences.ts';
export {
  emitUsage,
  OFFLINE_PROVIDER,
  providerFromBaseUrl,
  recordOffline,
  type UsageEvent,
  type UsageSink,
  type UsageTags,
} from './usage.ts';
