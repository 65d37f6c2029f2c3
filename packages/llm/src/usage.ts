/** What a call served: the feature, and the topic, user or generation task it was for. */
export type UsageTags = {
  /** summary | daily_summary | generation | podcast_script | podcast_speech | story_matching … */
  feature: string;
  topicId?: string | null;
  userId?: string | null;
  generationTaskId?: string | null;
};

/** One call to a model or to an offline fallback, as the usage recorder stores it. */
export type UsageEvent = UsageTags & {
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  /** Characters sent to a speech model (speech is priced per character). */
  characters: number;
  latencyMs: number;
  success: boolean;
  error?: string;
};

/** Where usage events go (the database recorder of @app/usage); must not throw. */
export type UsageSink = (event: UsageEvent) => void | Promise<void>;

/** The provider name of the offline fallbacks (extractive summaries, template copy, espeak-ng). */
export const OFFLINE_PROVIDER = 'offline';

const KNOWN_HOSTS: [RegExp, string][] = [
  [/(^|\.)openai\.com$/, 'openai'],
  [/(^|\.)deepseek\.com$/, 'deepseek'],
  [/(^|\.)aliyuncs\.com$/, 'qwen'],
  [/(^|\.)openrouter\.ai$/, 'openrouter'],
  [/(^|\.)groq\.com$/, 'groq'],
  [/(^|\.)together\.xyz$/, 'together'],
];

/** A short provider name from an OpenAI-compatible base URL: a known vendor, else the host. */
export function providerFromBaseUrl(baseURL: string | undefined): string {
  if (!baseURL) return 'openai';
  let host: string;
  try {
    host = new URL(baseURL).hostname;
  } catch {
    return 'custom';
  }
  return KNOWN_HOSTS.find(([pattern]) => pattern.test(host))?.[1] ?? host;
}

/** Sends an event to the sink; a failing sink never fails the call. */
export async function emitUsage(sink: UsageSink | undefined, event: UsageEvent): Promise<void> {
  if (!sink) return;
  try {
    await sink(event);
  } catch {
    // The recorder logs its own failures; usage accounting never breaks the feature.
  }
}

/**
 * Runs an offline fallback and records it (provider 'offline', cost 0), so the number of results
 * made without a model is known.
 */
export async function recordOffline<T>(
  sink: UsageSink | undefined,
  tags: UsageTags,
  engine: string,
  produce: () => T | Promise<T>,
): Promise<T> {
  const started = performance.now();
  const result = await produce();
  await emitUsage(sink, {
    ...tags,
    provider: OFFLINE_PROVIDER,
    model: engine,
    inputTokens: 0,
    outputTokens: 0,
    characters: 0,
    latencyMs: Math.round(performance.now() - started),
    success: true,
  });
  return result;
}
