import { readFileSync } from 'node:fs';
import { OPML_MAX_BYTES } from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

// An OPML file as its sender has it: the raw XML in any of the media types readers and tools use, a
// browser's multipart upload, or JSON; in whatever encoding its XML declaration names. Anything else
// gets a 4xx that says what to send, and the OpenAPI document lists every way.

vi.mock('node:dns/promises', async (original) => ({
  ...(await original<typeof import('node:dns/promises')>()),
  lookup: async () => [{ address: '93.184.216.34', family: 4 }],
}));

const fixture = (name: string) => readFileSync(new URL(`./fixtures/opml/${name}`, import.meta.url));

let gateway: Gateway;
let token = '';
let inbox = '';

beforeAll(async () => {
  gateway = await startGateway({ CRAWLER_ALLOW_PRIVATE_HOSTS: 'false' });
  token = (await signedInUser(gateway, { role: 'admin' }, 'opml-formats')).accessToken;
});
afterAll(async () => gateway?.close());
beforeEach(async () => {
  await gateway.db.prisma.datasource.deleteMany({});
  await gateway.db.prisma.topic.deleteMany({});
  inbox = (await gateway.db.prisma.topic.create({ data: { slug: 'inbox', name: 'Inbox' } })).id;
});

const post = (payload: Buffer | string, contentType: string, query = `?mode=topic&topic_id=${inbox}`) =>
  gateway.app.inject({
    method: 'POST',
    url: `/api/admin/opml/import${query}`,
    headers: { ...bearer(token), 'content-type': contentType },
    payload,
  });

/** A multipart body as a browser sends it (the platform's own FormData encoder). */
async function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const request = new Request('http://upload.test/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

describe('OPML bodies', () => {
  it('takes the raw file as text/x-opml, application/xml and text/xml, options in the query', async () => {
    for (const type of ['text/x-opml', 'application/xml', 'text/xml; charset=utf-8']) {
      await gateway.db.prisma.datasource.deleteMany({});
      const response = await post(fixture('feedly.opml'), type);
      expect(response.statusCode, type).toBe(200);
      expect(response.json().counts, type).toEqual({ import: 7, present: 0, refused: 1 });
      expect(await gateway.db.prisma.datasource.count({ where: { topicId: inbox } })).toBe(7);
    }
  });

  it('previews a raw file with dry_run in the query', async () => {
    const response = await post(fixture('inoreader.opml'), 'text/x-opml', '?dry_run=true&create_topics=true');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      dry_run: true,
      topics_created: [{ id: null, name: 'Newsletters' }],
    });
    expect(await gateway.db.prisma.datasource.count()).toBe(0);
  });

  it('takes a multipart upload: the file field and the options beside it', async () => {
    const upload = await multipart(
      { mode: 'folders', create_topics: 'true', topic_id: inbox },
      { name: 'Subscriptions-OnMyMac.opml', type: 'text/x-opml', bytes: fixture('netnewswire.opml') },
    );
    const response = await post(upload.body, upload.contentType, '');
    expect(response.statusCode).toBe(200);
    expect(response.json().topics_created.map((t: { name: string }) => t.name)).toEqual(['Tech', 'Design']);
    expect(response.json().counts).toEqual({ import: 5, present: 0, refused: 1 });

    const dry = await multipart(
      { mode: 'topic', topic_id: inbox },
      { name: 'feedly.opml', type: '', bytes: fixture('feedly.opml') },
    );
    const preview = await post(dry.body, dry.contentType, '?dry_run=1');
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ dry_run: true, counts: { import: 7, refused: 1 } });

    const noFile = await multipart({ mode: 'topic', topic_id: inbox });
    const refused = await post(noFile.body, noFile.contentType, '');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('file');
    const broken = await post('--nope\r\n', 'multipart/form-data; boundary=nope', '');
    expect(broken.statusCode).toBe(400);
  });

  it('still takes JSON, and the body options win over the query', async () => {
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/api/admin/opml/import?mode=folders',
      headers: bearer(token),
      payload: { opml: fixture('inoreader.opml').toString('utf8'), mode: 'topic', topic_id: inbox },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().counts).toEqual({ import: 3, present: 0, refused: 2 });
  });

  it('reads the encoding the XML declaration names, and a byte-order mark', async () => {
    const xml = (encoding: string, title: string) => `<?xml version="1.0" encoding="${encoding}"?>
<opml version="1.0"><head><title>Export</title></head><body>
<outline text="${title}" type="rss" xmlUrl="https://blog.example.cn/feed"/>
</body></opml>`;
    // "科技博客" in GB18030, as a Chinese Windows reader may save it.
    const [head, tail] = xml('GB18030', '@').split('@') as [string, string];
    const gb18030 = Buffer.concat([
      Buffer.from(head, 'latin1'),
      Buffer.from([0xbf, 0xc6, 0xbc, 0xbc, 0xb2, 0xa9, 0xbf, 0xcd]),
      Buffer.from(tail, 'latin1'),
    ]);
    const response = await post(gb18030, 'text/x-opml');
    expect(response.statusCode).toBe(200);
    expect(response.json().lines[0].title).toBe('科技博客');

    await gateway.db.prisma.datasource.deleteMany({});
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml('UTF-8', '科技博客'))]);
    const withBom = await post(bom, 'application/xml');
    expect(withBom.statusCode).toBe(200);
    expect(withBom.json().lines[0].title).toBe('科技博客');
  });

  it('answers a clear 4xx to anything else: other media types, broken XML, too large a file', async () => {
    const text = await post(fixture('feedly.opml'), 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringContaining('text/x-opml'),
    });
    const form = await post('opml=x', 'application/x-www-form-urlencoded');
    expect(form.statusCode).toBe(415);

    const broken = await post('<opml version="2.0"><body>\n<outline text="x">\n</body>', 'text/x-opml');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { opml: expect.stringMatching(/^Line 3: /) },
    });

    const unknownEncoding = await post('<?xml version="1.0" encoding="klingon"?><opml/>', 'text/xml');
    expect(unknownEncoding.statusCode).toBe(400);

    const huge = Buffer.alloc(OPML_MAX_BYTES + 1, ' ');
    const large = await post(huge, 'text/x-opml');
    expect(large.statusCode).toBe(413);
    expect(large.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await gateway.db.prisma.datasource.count()).toBe(0);
  });

  it('documents every media type of the import body, and the export as text/x-opml', async () => {
    const doc = (await gateway.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const operation = doc.paths['/api/admin/opml/import'].post;
    expect(Object.keys(operation.requestBody.content).sort()).toEqual(
      [
        'application/json',
        'application/x-opml',
        'application/xml',
        'multipart/form-data',
        'text/x-opml',
        'text/xml',
      ].sort(),
    );
    expect(operation.requestBody.content['multipart/form-data'].schema.properties.opml).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(operation.requestBody.content['text/x-opml'].schema).toMatchObject({ type: 'string' });
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '422', '413', '415']));
    expect(operation.parameters.map((p: { name: string }) => p.name)).toContain('dry_run');
    const exported = doc.paths['/api/admin/opml/export'].get;
    expect(Object.keys(exported.responses['200'].content)).toEqual(['text/x-opml']);
  });
});
