import type OpenAI from 'openai';
import { z } from 'zod';

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
  generateText(
    messages: ChatMessage[],
    options?: { temperature?: number; maxTokens?: number },
  ): Promise<string>;
  /** JSON-schema structured output, validated with the zod schema; throws LlmOutputError on a bad reply. */
  generateObject<S extends z.ZodType>(
    messages: ChatMessage[],
    schema: S,
    options?: { name?: string; temperature?: number },
  ): Promise<z.output<S>>;
  /** One embedding vector per text (the provider's embeddings endpoint). */
  embed(texts: string[]): Promise<number[][]>;
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

/** The provider from a service's OPENAI_* settings; without a key, one that reports it is not configured. */
export function createLlmFromEnv(env: LlmEnv): Llm {
  return createLlm({
    apiKey: env.OPENAI_API_KEY || undefined,
    baseURL: env.OPENAI_BASE_URL || undefined,
    model: env.OPENAI_MODEL || undefined,
    embeddingModel: env.OPENAI_EMBEDDING_MODEL || undefined,
  });
}

export function createLlm(config: LlmConfig): Llm {
  const model = config.model ?? DEFAULT_MODEL;
  if (!config.apiKey) {
    const refuse = async (): Promise<never> => {
      throw new LlmNotConfiguredError();
    };
    return { isConfigured: false, model, generateText: refuse, generateObject: refuse, embed: refuse };
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
  return {
    isConfigured: true,
    model,
    async generateText(messages, options = {}) {
      const completion = await (await openai()).chat.completions.create({
        model,
        messages,
        temperature: options.temperature,
        max_tokens: options.maxTokens,
      });
      const text = completion.choices[0]?.message?.content;
      if (typeof text !== 'string') throw new LlmOutputError('The model returned no text');
      return text;
    },
    async embed(texts) {
      const response = await (await openai()).embeddings.create({
        model: config.embeddingModel ?? DEFAULT_EMBEDDING_MODEL,
        input: texts,
      });
      const vectors = [...response.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
      if (vectors.length !== texts.length)
        throw new LlmOutputError('The embeddings reply has the wrong count');
      return vectors;
    },
    async generateObject(messages, schema, options = {}) {
      // Plain json_schema response_format works with every OpenAI-compatible server; zod validates the reply.
      const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7' }) as Record<string, unknown>;
      delete jsonSchema.$schema;
      const completion = await (await openai()).chat.completions.create({
        model,
        messages,
        temperature: options.temperature,
        response_format: {
          type: 'json_schema',
          json_schema: { name: options.name ?? 'result', schema: jsonSchema, strict: true },
        },
      });
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
