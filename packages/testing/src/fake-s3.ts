import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import escapeHtml from 'escape-html';
import { createFailureQueue, type RecordedRequest, readBody } from './http-fake.ts';

export type FakeS3Object = { body: Buffer; contentType: string; etag: string; lastModified: Date };

export type FakeS3 = {
  /** `http://127.0.0.1:PORT`, for S3_ENDPOINT (path-style). */
  endpoint: string;
  port: number;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3_* variables that point the storage at this server (add STORAGE_DRIVER=s3). */
  env: Record<string, string>;
  /** Every request, authorized or not; `body` is `{query, bytes}`. */
  requests: RecordedRequest[];
  /** bucket → key → object, to seed or inspect. */
  buckets: Map<string, Map<string, FakeS3Object>>;
  createBucket(name: string): void;
  /** Stores an object directly, as another writer would (creates the bucket). */
  putObject(bucket: string, key: string, body: Buffer, contentType?: string): void;
  getObject(bucket: string, key: string): FakeS3Object | undefined;
  /** The next `count` authorized requests get `status` with an S3 error body. */
  failNext(count: number, status?: number, message?: string): void;
  close(): Promise<void>;
};

export type FakeS3Options = {
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Buckets that exist from the start. */
  buckets?: string[];
};

type S3Error = { status: number; code: string; message: string; headers?: Record<string, string> };

/**
 * An S3-compatible server on 127.0.0.1 over path-style URLs, for tests without a network:
 * CreateBucket, HeadBucket, DeleteBucket, PutObject, GetObject (one byte range), HeadObject and
 * DeleteObject. Every request must carry a valid AWS Signature V4 for the fake's key pair (and the
 * payload hash it claims), so the real `@aws-sdk/client-s3` is exercised as against a real store.
 */
export async function startFakeS3(options: FakeS3Options = {}): Promise<FakeS3> {
  const region = options.region ?? 'us-east-1';
  const accessKeyId = options.accessKeyId ?? 'FAKEACCESSKEY';
  const secretAccessKey = options.secretAccessKey ?? 'fake-secret-access-key';
  const requests: RecordedRequest[] = [];
  const failures = createFailureQueue();
  const buckets = new Map<string, Map<string, FakeS3Object>>();
  const createBucket = (name: string) => {
    if (!buckets.has(name)) buckets.set(name, new Map());
  };
  for (const name of options.buckets ?? []) createBucket(name);

  const server = createServer(async (req, res) => {
    try {
      const raw = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://fake-s3');
      const query = Object.fromEntries(url.searchParams);
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        body: { query, bytes: raw.length },
        receivedAt: new Date(),
      });
      const refusal = checkSignature(req, raw, { accessKeyId, secretAccessKey });
      if (refusal) return sendError(req, res, refusal);
      const failure = failures.take();
      if (failure) return sendError(req, res, { code: 'InternalError', ...failure });
      route(req, res, url, raw, buckets);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      sendError(req, res, { status: 500, code: 'InternalError', message });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const endpoint = `http://127.0.0.1:${port}`;

  return {
    endpoint,
    port,
    region,
    accessKeyId,
    secretAccessKey,
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    },
    requests,
    buckets,
    createBucket,
    putObject(bucket, key, body, contentType = 'application/octet-stream') {
      createBucket(bucket);
      buckets.get(bucket)?.set(key, objectOf(body, contentType));
    },
    getObject: (bucket, key) => buckets.get(bucket)?.get(key),
    failNext: (count, status = 500, message) => failures.add(count, status, message),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function objectOf(body: Buffer, contentType: string): FakeS3Object {
  return {
    body,
    contentType,
    etag: `"${createHash('md5').update(body).digest('hex')}"`,
    lastModified: new Date(),
  };
}

function route(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  raw: Buffer,
  buckets: Map<string, Map<string, FakeS3Object>>,
) {
  const [, bucketName = '', ...rest] = url.pathname.split('/');
  const bucket = decodeURIComponent(bucketName);
  const key = rest.map(decodeURIComponent).join('/');
  const method = req.method ?? 'GET';
  const objects = buckets.get(bucket);
  if (!bucket) return sendError(req, res, notImplemented('ListBuckets'));

  if (!key) {
    if (method === 'PUT') {
      if (objects)
        return sendError(req, res, { status: 409, code: 'BucketAlreadyOwnedByYou', message: bucket });
      buckets.set(bucket, new Map());
      res.writeHead(200, { location: `/${bucket}` });
      return res.end();
    }
    if (!objects) return sendError(req, res, noSuchBucket(bucket));
    if (method === 'HEAD') return res.writeHead(200, { 'x-amz-bucket-region': 'us-east-1' }).end();
    if (method === 'DELETE') {
      if (objects.size > 0)
        return sendError(req, res, { status: 409, code: 'BucketNotEmpty', message: bucket });
      buckets.delete(bucket);
      return res.writeHead(204).end();
    }
    return sendError(req, res, notImplemented(`${method} on a bucket`));
  }

  if (!objects) return sendError(req, res, noSuchBucket(bucket));
  // The SDK adds `x-id=PutObject` and the like, which S3 ignores; any other parameter is a sub-resource.
  const subresource = [...url.searchParams.keys()].find((name) => name !== 'x-id');
  if (subresource) return sendError(req, res, notImplemented(`object sub-resource ?${subresource}`));
  if (method === 'PUT') {
    const object = objectOf(raw, req.headers['content-type'] ?? 'application/octet-stream');
    objects.set(key, object);
    return res.writeHead(200, { etag: object.etag }).end();
  }
  if (method === 'DELETE') {
    objects.delete(key);
    return res.writeHead(204).end();
  }
  const object = objects.get(key);
  if (!object) return sendError(req, res, { status: 404, code: 'NoSuchKey', message: key });
  const size = object.body.length;
  const headers = {
    'content-type': object.contentType,
    etag: object.etag,
    'last-modified': object.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
  };
  if (method === 'HEAD') return res.writeHead(200, { ...headers, 'content-length': size }).end();
  if (method !== 'GET') return sendError(req, res, notImplemented(`${method} on an object`));
  const range = parseRange(req.headers.range, size);
  if (range === 'invalid') {
    return sendError(req, res, {
      status: 416,
      code: 'InvalidRange',
      message: 'The requested range is not satisfiable',
      headers: { 'content-range': `bytes */${size}` },
    });
  }
  if (!range) return res.writeHead(200, { ...headers, 'content-length': size }).end(object.body);
  res.writeHead(206, {
    ...headers,
    'content-length': range.end - range.start + 1,
    'content-range': `bytes ${range.start}-${range.end}/${size}`,
  });
  res.end(object.body.subarray(range.start, range.end + 1));
}

/** S3's reading of one Range: a malformed header means the whole object; a start past the end is 416. */
function parseRange(header: string | undefined, size: number) {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (!match[1] && !match[2])) return null;
  if (!match[1]) {
    const suffix = Number(match[2]);
    return suffix === 0 ? 'invalid' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (start >= size) return 'invalid';
  return end < start ? null : { start, end };
}

const noSuchBucket = (bucket: string): S3Error => ({
  status: 404,
  code: 'NoSuchBucket',
  message: `The specified bucket does not exist: ${bucket}`,
});
const notImplemented = (what: string): S3Error => ({
  status: 501,
  code: 'NotImplemented',
  message: `The fake S3 server does not implement ${what}`,
});

function sendError(req: IncomingMessage, res: ServerResponse, error: S3Error) {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  const headers = { 'x-amz-request-id': requestId, ...error.headers };
  // HEAD answers carry no body: the SDK maps them by status (404 → NotFound).
  if (req.method === 'HEAD') return res.writeHead(error.status, headers).end();
  res.writeHead(error.status, { ...headers, 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error.code}</Code><Message>${escapeHtml(error.message)}</Message>` +
      `<Resource>${escapeHtml(req.url ?? '/')}</Resource><RequestId>${requestId}</RequestId></Error>`,
  );
}

// ───────────── AWS Signature Version 4 (header form) ─────────────

const AUTH_PATTERN =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** Null when the request is signed with the fake's key; otherwise the error S3 would answer. */
function checkSignature(
  req: IncomingMessage,
  payload: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string },
): S3Error | null {
  const denied = (code: string, message: string): S3Error => ({ status: 403, code, message });
  const match = AUTH_PATTERN.exec(req.headers.authorization ?? '');
  if (!match) return denied('AccessDenied', 'A SigV4 Authorization header is required');
  const [, accessKeyId, date, region, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== keys.accessKeyId) return denied('InvalidAccessKeyId', `Unknown key ${accessKeyId}`);
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (!amzDate.startsWith(date as string))
    return denied('AccessDenied', 'x-amz-date does not match the scope');
  if (!payloadHash) return denied('AccessDenied', 'x-amz-content-sha256 is required');
  if (payloadHash.startsWith('STREAMING-')) {
    return { status: 501, code: 'NotImplemented', message: 'aws-chunked uploads are not supported' };
  }
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(payload)) {
    return { status: 400, code: 'XAmzContentSHA256Mismatch', message: 'The payload hash does not match' };
  }
  const names = (signedHeaders as string).split(';');
  if (!names.includes('host')) return denied('AccessDenied', 'host must be signed');
  const [path = '/', search = ''] = (req.url ?? '/').split('?');
  const canonicalRequest = [
    req.method,
    path,
    canonicalQuery(search),
    ...names.map((name) => `${name}:${headerValue(req, name)}`),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key: Buffer = hmac(`AWS4${keys.secretAccessKey}`, date as string);
  for (const part of [region as string, 's3', 'aws4_request']) key = hmac(key, part);
  const expected = hmac(key, stringToSign);
  const given = Buffer.from(signature as string, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return denied('SignatureDoesNotMatch', 'The request signature we calculated does not match');
  }
  return null;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function headerValue(req: IncomingMessage, name: string) {
  const value = req.headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
}

const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(search: string) {
  return search
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const [name, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      return [rfc3986(decodeURIComponent(name)), rfc3986(decodeURIComponent(value))] as const;
    })
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}
