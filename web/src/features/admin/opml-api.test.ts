import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client';
import { isOpmlRequestReady, opmlBody, type OpmlRequest, readOpmlFile, sendOpml } from './opml-api';

// The OPML dialog's requests: the chosen file's text (in the encoding it declares) with the options the
// admin chose for lines whose folders name no topic; an import's 422 report is a report, not a failure.

const OPML = '<opml version="2.0"><body/></opml>';
const TOPIC = '6f1c1c1e-2f5c-4a8e-9a53-0d3f7f2a1b11';
const request = (overrides: Partial<OpmlRequest>): OpmlRequest => ({
  file: new Blob([OPML], { type: 'text/x-opml' }),
  mode: 'folders',
  unmatched: 'skip',
  topicId: null,
  ...overrides,
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the OPML upload', () => {
  it('carries the choice for folders that name no topic', () => {
    expect(opmlBody(request({ unmatched: 'create', topicId: TOPIC }), OPML)).toEqual({
      opml: OPML,
      mode: 'folders',
      create_topics: true,
      topic_id: TOPIC,
    });
    expect(opmlBody(request({ unmatched: 'topic', topicId: TOPIC }), OPML)).toMatchObject({
      create_topics: false,
      topic_id: TOPIC,
    });
    // Skipping sends no topic, even one chosen before.
    expect(opmlBody(request({ unmatched: 'skip', topicId: TOPIC }), OPML)).toEqual({
      opml: OPML,
      mode: 'folders',
      create_topics: false,
    });
    expect(opmlBody(request({ mode: 'topic', topicId: TOPIC }), OPML)).toEqual({
      opml: OPML,
      mode: 'topic',
      topic_id: TOPIC,
    });
  });

  it('is ready with a file, and a topic where one is needed', () => {
    expect(isOpmlRequestReady({ mode: 'folders', unmatched: 'skip' })).toBe(false);
    expect(isOpmlRequestReady(request({}))).toBe(true);
    expect(isOpmlRequestReady(request({ unmatched: 'create' }))).toBe(true);
    expect(isOpmlRequestReady(request({ unmatched: 'topic' }))).toBe(false);
    expect(isOpmlRequestReady(request({ mode: 'topic' }))).toBe(false);
    expect(isOpmlRequestReady(request({ mode: 'topic', topicId: TOPIC }))).toBe(true);
  });

  it('reads a file in the encoding its XML declaration names', async () => {
    const head = '<?xml version="1.0" encoding="GB18030"?><opml><body><outline text="';
    const file = new Blob([head, new Uint8Array([0xbf, 0xc6, 0xbc, 0xbc]), '"/></body></opml>']);
    expect(await readOpmlFile(file)).toBe(`${head}科技"/></body></opml>`);
  });

  it('previews with dry_run, and reads an import that imported nothing as its report', async () => {
    const report = { dry_run: true, counts: { import: 0, present: 0, refused: 1 }, lines: [{ line: 3 }] };
    const calls: { url: string; body: unknown }[] = [];
    const client = createApiClient({
      fetch: (async (url: string, init: RequestInit) => {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        return url.includes('dry_run') ? json(200, report) : json(422, { ...report, dry_run: false });
      }) as unknown as typeof fetch,
    });
    await expect(sendOpml(request({}), true, client)).resolves.toEqual(report);
    expect(calls[0]).toEqual({
      url: '/api/admin/opml/import?dry_run=true',
      body: { opml: OPML, mode: 'folders', create_topics: false },
    });
    await expect(sendOpml(request({}), false, client)).resolves.toEqual({ ...report, dry_run: false });
    expect(calls.slice(1).map((call) => call.url)).toEqual([
      '/api/admin/opml/import',
      '/api/admin/opml/import?dry_run=true',
    ]);
    const failing = createApiClient({
      fetch: (async () =>
        json(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Line 3: unclosed tag',
            fields: { opml: 'Line 3: unclosed tag' },
          },
        })) as unknown as typeof fetch,
    });
    await expect(sendOpml(request({}), false, failing)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
