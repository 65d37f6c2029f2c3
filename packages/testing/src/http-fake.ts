import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/** What a fake server saw, for asserting on the calls the code under test made. */
export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  receivedAt: Date;
};

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export type FailureQueue = {
  add(count: number, status: number, message?: string): void;
  /** The failure for the current request, if one is queued. */
  take(): { status: number; message: string } | undefined;
};

/** Lets a test make the next N calls fail, to exercise retries and error paths. */
export function createFailureQueue(): FailureQueue {
  const queue: { status: number; message: string }[] = [];
  return {
    add(count, status, message = `Injected failure (HTTP ${status})`) {
      for (let i = 0; i < count; i++) queue.push({ status, message });
    },
    take: () => queue.shift(),
  };
}
