import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../src/fake-s3.ts';

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3({ buckets: ['bucket'] });
  s3.putObject('bucket', 'a.txt', Buffer.from('hello'));
});
afterAll(async () => {
  await s3?.close();
});

it('refuses unsigned and badly signed requests like S3 does', async () => {
  const unsigned = await fetch(`${s3.endpoint}/bucket/a.txt`);
  expect(unsigned.status).toBe(403);
  expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
  const forged = await fetch(`${s3.endpoint}/bucket/a.txt`, {
    headers: {
      authorization: `AWS4-HMAC-SHA256 Credential=${s3.accessKeyId}/20260101/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${'0'.repeat(64)}`,
      'x-amz-date': '20260101T000000Z',
      'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
    },
  });
  expect(forged.status).toBe(403);
  expect(await forged.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
  const stranger = await fetch(`${s3.endpoint}/bucket/a.txt`, {
    headers: {
      authorization: `AWS4-HMAC-SHA256 Credential=SOMEONEELSE/20260101/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=${'0'.repeat(64)}`,
    },
  });
  expect(await stranger.text()).toContain('<Code>InvalidAccessKeyId</Code>');
  // Seeded objects are there for the signed SDK calls (see packages/storage/test).
  expect(s3.getObject('bucket', 'a.txt')?.body.toString()).toBe('hello');
  expect(s3.requests.length).toBe(3);
});
