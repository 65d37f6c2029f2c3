import type OpenAI from 'openai';
import { z } from 'zod';
import { emitUsage, providerFromBaseUrl, recordOffline, type UsageSink, type UsageTags } from './usage.ts';

export type LlmConfig = {
  /** Any OpenAI-compatible endpoint (OpenAI, DeepSeek, Qwen, Ollama, vLLM); default: OpenAI's. */
  baseURL?: string;
  /** Unset: isConfigured is false and callers use the offline fallbacks. */
  apiKey?: string;
  model?: string;
  /** Embeddings model (cross-language story matching); default text-embedding-3-small. */
  embeddingModel?: string;
  /** Per-request timeout in ms (default 60 s). */
  timeoutMs?: number;
  maxRetries?: number;
};

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export type Llm = {
  /** True when an API key is set; false means: use the offline fallback. */
  isConfigured: boolean;
  model: string;
  /** 'openai', 'deepseek' … from the base URL; recorded with each call's usage. */
  provider: string;
  /** `usage` names the feature (and topic, user, task) the call is recorded under. */
  generateText(
    messages: ChatMessage[],
    options?: { temperature?: number; maxTokens?: number; usage?: UsageTags },
  ): Promise<string>;
  /** JSON-schema structured output, validated with the zod schema; throws LlmOutputError on a bad reply. */
  generateObject<S extends z.ZodType>(
    messages: ChatMessage[],
    schema: S,
    options?: { name?: string; temperature?: number; usage?: UsageTags },
  ): Promise<z.output<S>>;
  /** One embedding vector per text (the provider's embeddings endpoint); recorded like the others. */
  embed(texts: string[], options?: { usage?: UsageTags }): Promise<number[][]>;
  /** The same provider, recording every call (tokens, latency, success) to `sink`. */
  withUsage(sink: UsageSink): Llm;
  /** Runs an offline fallback and records it under `engine` (provider 'offline', cost 0). */
  offline<T>(tags: UsageTags, engine: string, produce: () => T | Promise<T>): Promise<T>;
};

export class LlmNotConfiguredError extends Error {
  constructor() {
    super('No LLM is configured (OPENAI_API_KEY is unset)');
    this.name = 'LlmNotConfiguredError';
  }
}

export class LlmOutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LlmOutputError';
  }
}

export const DEFAULT_MODEL = 'gpt-4o-mini';
export const DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small';

/** The OPENAI_* settings every service that calls the model reads. */
export type LlmEnv = {
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_MODEL?: string;
  OPENAI_EMBEDDING_MODEL?: string;
};

/**
 * The provider from a service's OPENAI_* settings; without a key, one that reports it is not configured.
 * `limits`: a caller that answers a person (the gateway's search) asks for a short timeout and no retries.
 */
export function createLlmFromEnv(env: LlmEnv, limits: Pick<LlmConfig, 'timeoutMs' | 'maxRetries'> = {}): Llm {
  return createLlm({
    apiKey: env.OPENAI_API_KEY || undefined,
    baseURL: env.OPENAI_BASE_URL || undefined,
    model: env.OPENAI_MODEL || undefined,
    embeddingModel: env.OPENAI_EMBEDDING_MODEL || undefined,
    ...limits,
  });
}

export function createLlm(config: LlmConfig, sink?: UsageSink): Llm {
  const model = config.model ?? DEFAULT_MODEL;
  const provider = providerFromBaseUrl(config.baseURL);
  const common = {
    model,
    provider,
    withUsage: (next: UsageSink) => createLlm(config, next),
    offline: <T>(tags: UsageTags, engine: string, produce: () => T | Promise<T>) =>
      recordOffline(sink, tags, engine, produce),
  };
  if (!config.apiKey) {
    const refuse = async (): Promise<never> => {
      throw new LlmNotConfiguredError();
    };
    return { ...common, isConfigured: false, generateText: refuse, generateObject: refuse, embed: refuse };
  }
  // The SDK loads on the first call, not at start-up: an idle service does not hold it.
  let client: Promise<OpenAI> | undefined;
  const openai = () =>
    (client ??= import('openai').then(
      ({ default: OpenAI }) =>
        new OpenAI({
          apiKey: config.apiKey,
          baseURL: config.baseURL,
          timeout: config.timeoutMs ?? 60_000,
          maxRetries: config.maxRetries ?? 2,
        }),
    ));
  // One completion, recorded with its token counts; a failure is recorded too, then rethrown.
  const complete = async (
    request: Omit<OpenAI.ChatCompletionCreateParamsNonStreaming, 'model'>,
    tags: UsageTags | undefined,
  ): Promise<OpenAI.ChatCompletion> => {
    const started = performance.now();
    const record = (success: boolean, usage?: OpenAI.CompletionUsage | null, error?: unknown) =>
      emitUsage(sink, {
        ...(tags ?? { feature: 'unknown' }),
        provider,
        model,
        inputTokens: usage?.prompt_tokens ?? 0,
        outputTokens: usage?.completion_tokens ?? 0,
        characters: 0,
        latencyMs: Math.round(performance.now() - started),
        success,
        ...(error ? { error: (error instanceof Error ? error.message : String(error)).slice(0, 300) } : {}),
      });
    let completion: OpenAI.ChatCompletion;
    try {
      completion = await (await openai()).chat.completions.create({ ...request, model });
    } catch (error) {
      await record(false, null, error);
      throw error;
    }
    const content = completion.choices[0]?.message?.content;
    await record(
      typeof content === 'string',
      completion.usage,
      typeof content === 'string' ? undefined : 'no content',
    );
    return completion;
  };
  return {
    ...common,
    isConfigured: true,
    async generateText(messages, options = {}) {
      const completion = await complete(
        { messages, temperature: options.temperature, max_tokens: options.maxTokens },
        options.usage,
      );
      const text = completion.choices[0]?.message?.content;
      if (typeof text !== 'string') throw new LlmOutputError('The model returned no text');
      return text;
    },
    async embed(texts, options = {}) {
      const embeddingModel = config.embeddingModel ?? DEFAULT_EMBEDDING_MODEL;
      const started = performance.now();
      const record = (success: boolean, tokens: number, error?: unknown) =>
        emitUsage(sink, {
          ...(options.usage ?? { feature: 'story_matching' }),
          provider,
          model: embeddingModel,
          inputTokens: tokens,
          outputTokens: 0,
          characters: 0,
          latencyMs: Math.round(performance.now() - started),
          success,
          ...(error ? { error: (error instanceof Error ? error.message : String(error)).slice(0, 300) } : {}),
        });
      let response: OpenAI.CreateEmbeddingResponse;
      try {
        response = await (await openai()).embeddings.create({ model: embeddingModel, input: texts });
      } catch (error) {
        await record(false, 0, error);
        throw error;
      }
      await record(true, response.usage?.prompt_tokens ?? 0);
      const vectors = [...response.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
      if (vectors.length !== texts.length)
        throw new LlmOutputError('The embeddings reply has the wrong count');
      return vectors;
    },
    async generateObject(messages, schema, options = {}) {
      // Plain json_schema response_format works with every OpenAI-compatible server; zod validates the reply.
      const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7' }) as Record<string, unknown>;
      delete jsonSchema.$schema;
      const completion = await complete(
        {
          messages,
          temperature: options.temperature,
          response_format: {
            type: 'json_schema',
            json_schema: { name: options.name ?? 'result', schema: jsonSchema, strict: true },
          },
        },
        options.usage,
      );
      const text = completion.choices[0]?.message?.content;
      if (typeof text !== 'string') throw new LlmOutputError('The model returned no content');
      let value: unknown;
      try {
        value = JSON.parse(stripCodeFence(text));
      } catch {
        throw new LlmOutputError('The model reply is not JSON');
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success)
        throw new LlmOutputError(`The model reply does not match the schema: ${parsed.error.message}`);
      return parsed.data;
    },
  };
}

/** Some compatible servers wrap JSON in a markdown fence even in JSON mode. */
function stripCodeFence(text: string): string {
  const match = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return match ? match[1]! : text;
}
