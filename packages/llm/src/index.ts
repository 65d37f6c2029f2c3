export {
  type ExtractiveSummary,
  type ExtractiveSummaryInput,
  extractiveSummarize,
  type SummaryLanguage,
} from './extractive.ts';
export {
  type ChatMessage,
  createLlm,
  DEFAULT_MODEL,
  type Llm,
  type LlmConfig,
  LlmNotConfiguredError,
  LlmOutputError,
  llmConfigFromEnv,
} from './provider.ts';
export { splitSentences, tokenize } from './sentences.ts';
