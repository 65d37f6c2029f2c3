import { AppError, OPML_MAX_BYTES, OPML_MAX_LENGTH, OPML_MEDIA_TYPES } from '@app/contracts';
import { decodeOpmlBytes } from '@app/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// An OPML file arrives the way its sender has it: the raw XML (text/x-opml, application/xml, text/xml),
// a multipart upload with a file field, or JSON. Each becomes the same body, `{ opml, ...options }`, so
// one schema validates them all. Only this route's scope gets these parsers.

/** The form fields an upload may carry beside its file (the import's options). */
const OPTION_FIELDS = new Set(['mode', 'create_topics', 'topic_id', 'language']);
const UNSUPPORTED = `Send the OPML file as ${OPML_MEDIA_TYPES.join(', ')}, as multipart/form-data (a file field), or as JSON {"opml": "…"}`;

const charsetOf = (contentType: string | undefined) =>
  /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1];

/** The text of an uploaded file (see decodeOpmlBytes), within OPML_MAX_LENGTH. */
export function decodeOpml(bytes: Uint8Array, contentType?: string): string {
  const charset = charsetOf(contentType);
  const text = decodeOpmlBytes(bytes, charset);
  if (text === null) {
    const message = 'The file names a character encoding that is not known';
    throw new AppError('VALIDATION_FAILED', message, { opml: message });
  }
  if (text.length > OPML_MAX_LENGTH) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The file is longer than ${OPML_MAX_LENGTH} characters`);
  }
  return text;
}

async function readUpload(request: FastifyRequest, body: Buffer) {
  let form: FormData;
  try {
    form = await new Response(body, {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
  } catch {
    throw new AppError('BAD_REQUEST', 'The multipart/form-data body cannot be read');
  }
  const out: Record<string, string> = {};
  let file: File | undefined;
  for (const [name, value] of form) {
    if (typeof value !== 'string') {
      // The field named "file" wins; else the first file of the form.
      if (!file || name === 'file') file = value;
    } else if (OPTION_FIELDS.has(name) && value.trim() !== '') out[name] = value.trim();
    else if (name === 'opml' && value !== '') out.opml = value;
  }
  if (file) out.opml = decodeOpml(new Uint8Array(await file.arrayBuffer()), file.type);
  if (out.opml === undefined)
    throw new AppError('BAD_REQUEST', 'The form has no file: send it in a field named "file"');
  return out;
}

/** Registers the OPML body parsers in the calling plugin's scope. */
export function acceptOpmlUploads(app: FastifyInstance) {
  app.addContentTypeParser(
    [...OPML_MEDIA_TYPES],
    { parseAs: 'buffer', bodyLimit: OPML_MAX_BYTES },
    async (request: FastifyRequest, body: Buffer) => ({
      opml: decodeOpml(body, request.headers['content-type']),
    }),
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: OPML_MAX_BYTES },
    async (request: FastifyRequest, body: Buffer) => readUpload(request, body),
  );
  // Anything else gets a 415 that says what to send.
  app.addContentTypeParser('*', async () => {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED);
  });
}
