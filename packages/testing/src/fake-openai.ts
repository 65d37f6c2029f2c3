import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { silentMp3, silentWav } from './audio-samples.ts';
import { type JsonSchema, sampleFromSchema } from './json-schema-sample.ts';
import { createFailureQueue, type RecordedRequest, readBody, sendJson } from './http-fake.ts';

export type ChatCompletionRequest = {
  model: string;
  messages: { role: string; content: unknown }[];
  response_format?: { type: string; json_schema?: { name: string; schema?: JsonSchema; strict?: boolean } };
  stream?: boolean;
  [key: string]: unknown;
};

export type SpeechRequest = {
  model: string;
  input: string;
  voice: string;
  response_format?: 'mp3' | 'wav' | 'opus' | 'aac' | 'flac' | 'pcm';
  [key: string]: unknown;
};

export type EmbeddingsRequest = { model: string; input: string | string[]; [key: string]: unknown };

export type FakeOpenAIHandlers = {
  /** The assistant's reply; a non-string is sent as JSON text, which is what structured output parses. */
  chat?: (request: ChatCompletionRequest) => unknown | Promise<unknown>;
  /** Audio bytes for a speech request; default: a short silent clip in the requested format. */
  speech?: (request: SpeechRequest) => Buffer | Promise<Buffer>;
  /** One vector per input text; default: a bag-of-words vector (see fakeEmbedding). */
  embedding?: (text: string, request: EmbeddingsRequest) => number[] | Promise<number[]>;
};

/** What the fake answered: the figures a usage record must match. Failed (injected) requests are not counted. */
export type FakeOpenAICounts = {
  chatCalls: number;
  promptTokens: number;
  completionTokens: number;
  speechCalls: number;
  speechCharacters: number;
  embeddingCalls: number;
  embeddingTokens: number;
};

export type FakeOpenAI = {
  baseURL: string;
  port: number;
  requests: RecordedRequest[];
  /** Calls answered and the tokens (and speech characters) they reported. */
  counts: FakeOpenAICounts;
  resetCounts(): void;
  /** Replaceable between tests. */
  handlers: FakeOpenAIHandlers;
  /** The next `count` requests get `status` with an OpenAI-shaped error body. */
  failNext(count: number, status?: number, message?: string): void;
  close(): Promise<void>;
};

export const CANNED_CHAT_REPLY = 'This is a canned reply from the fake OpenAI server.';

/**
 * An OpenAI-compatible server on 127.0.0.1 for tests: chat completions (plain, streamed and
 * json_schema structured output) and audio.speech. No maintained mock package exists, and the
 * real SDK pointed here exercises the same request and response shapes as production.
 */
export async function startFakeOpenAI(handlers: FakeOpenAIHandlers = {}): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  const failures = createFailureQueue();
  const fake = { handlers, counts: zeroCounts() } as FakeOpenAI;

  const server = createServer(async (req, res) => {
    try {
      const raw = await readBody(req);
      const body = parseJson(raw, req);
      const path = (req.url ?? '/').split('?')[0]!;
      requests.push({
        method: req.method ?? 'GET',
        path,
        headers: req.headers,
        body,
        receivedAt: new Date(),
      });
      const failure = failures.take();
      if (failure) return sendError(res, failure.status, failure.message);
      await route(req.method ?? 'GET', path, body, res, fake.handlers, fake.counts);
    } catch (error) {
      sendError(res, 500, error instanceof Error ? error.message : String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return Object.assign(fake, {
    baseURL: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    failNext: (count: number, status = 500, message?: string) => failures.add(count, status, message),
    resetCounts: () => Object.assign(fake.counts, zeroCounts()),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

async function route(
  method: string,
  path: string,
  body: unknown,
  res: ServerResponse,
  handlers: FakeOpenAIHandlers,
  counts: FakeOpenAICounts,
): Promise<void> {
  if (method === 'POST' && path === '/v1/chat/completions') {
    const request = body as ChatCompletionRequest;
    const reply = handlers.chat ? await handlers.chat(request) : defaultReply(request);
    const content = typeof reply === 'string' ? reply : JSON.stringify(reply);
    if (request.stream) return streamCompletion(res, request, content);
    const answer = completion(request, content);
    counts.chatCalls += 1;
    counts.promptTokens += answer.usage.prompt_tokens;
    counts.completionTokens += answer.usage.completion_tokens;
    return sendJson(res, 200, answer);
  }
  if (method === 'POST' && path === '/v1/audio/speech') {
    const request = body as SpeechRequest;
    counts.speechCalls += 1;
    counts.speechCharacters += [...request.input].length;
    const format = request.response_format ?? 'mp3';
    const audio = handlers.speech
      ? await handlers.speech(request)
      : format === 'wav'
        ? silentWav()
        : silentMp3();
    res.writeHead(200, { 'content-type': format === 'wav' ? 'audio/wav' : 'audio/mpeg' });
    res.end(audio);
    return;
  }
  if (method === 'POST' && path === '/v1/embeddings') {
    const request = body as EmbeddingsRequest;
    const inputs = Array.isArray(request.input) ? request.input : [request.input];
    const vectors = await Promise.all(
      inputs.map((text) => (handlers.embedding ? handlers.embedding(text, request) : fakeEmbedding(text))),
    );
    counts.embeddingCalls += 1;
    counts.embeddingTokens += inputs.length;
    return sendJson(res, 200, {
      object: 'list',
      model: request.model,
      data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
      usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
    });
  }
  if (method === 'GET' && path === '/v1/models') {
    return sendJson(res, 200, {
      object: 'list',
      data: [{ id: 'fake-model', object: 'model', created: 0, owned_by: 'fake' }],
    });
  }
  sendError(res, 404, `Unknown request URL: ${method} ${path}`);
}

/** A deterministic 64-dimension bag-of-words vector: the same words give the same direction. */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(64).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let hash = 0;
    for (const char of word) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
    vector[hash % 64]! += 1;
  }
  return vector;
}

function defaultReply(request: ChatCompletionRequest): unknown {
  const schema =
    request.response_format?.type === 'json_schema' ? request.response_format.json_schema?.schema : undefined;
  if (schema) return sampleFromSchema(schema);
  if (request.response_format?.type === 'json_object') return { reply: CANNED_CHAT_REPLY };
  return CANNED_CHAT_REPLY;
}

const zeroCounts = (): FakeOpenAICounts => ({
  chatCalls: 0,
  promptTokens: 0,
  completionTokens: 0,
  speechCalls: 0,
  speechCharacters: 0,
  embeddingCalls: 0,
  embeddingTokens: 0,
});

/** A rough tokenizer (4 characters a token) so that longer prompts report more tokens. */
const tokensOf = (text: string) => Math.max(1, Math.ceil(text.length / 4));

function completion(request: ChatCompletionRequest, content: string) {
  const completionTokens = Math.ceil(content.length / 4);
  const promptTokens = request.messages.reduce(
    (sum, message) =>
      sum + tokensOf(typeof message.content === 'string' ? message.content : JSON.stringify(message.content)),
    0,
  );
  return {
    id: `chatcmpl-${randomBytes(8).toString('hex')}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
}

function streamCompletion(res: ServerResponse, request: ChatCompletionRequest, content: string): void {
  const id = `chatcmpl-${randomBytes(8).toString('hex')}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: object, finishReason: string | null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model: request.model,
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
  });
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  // A few pieces, so a consumer that concatenates deltas is actually exercised.
  const pieces = content.match(/[\s\S]{1,16}/g) ?? [''];
  res.write(`data: ${JSON.stringify(chunk({ role: 'assistant', content: '' }, null))}\n\n`);
  for (const piece of pieces) res.write(`data: ${JSON.stringify(chunk({ content: piece }, null))}\n\n`);
  res.write(`data: ${JSON.stringify(chunk({}, 'stop'))}\n\n`);
  res.end('data: [DONE]\n\n');
}

function sendError(res: ServerResponse, status: number, message: string): void {
  const type = status === 429 ? 'rate_limit_error' : status >= 500 ? 'server_error' : 'invalid_request_error';
  sendJson(res, status, {
    error: { message, type, param: null, code: status === 429 ? 'rate_limit_exceeded' : null },
  });
}

function parseJson(raw: Buffer, req: IncomingMessage): unknown {
  if (raw.length === 0) return undefined;
  if (!String(req.headers['content-type'] ?? '').includes('json')) return raw;
  return JSON.parse(raw.toString('utf8'));
}
