import type { OpmlImportBody, OpmlImportResult } from '@app/contracts';
import { decodeOpmlBytes } from '@app/rules';
import { type ApiClient, api, isApiError } from '../../api/client';

/** What the dialog asks for lines whose folders name no topic. */
export type OpmlUnmatched = 'create' | 'topic' | 'skip';
export type OpmlRequest = {
  file: Blob;
  mode: 'folders' | 'topic';
  unmatched: OpmlUnmatched;
  topicId: string | null;
};

/** A chosen file's text, read as the gateway reads an upload (its byte-order mark or XML declaration). */
export async function readOpmlFile(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return decodeOpmlBytes(bytes) ?? new TextDecoder().decode(bytes);
}

/** The import's body: the file's text and the options the admin chose. */
export function opmlBody(request: Omit<OpmlRequest, 'file'>, opml: string): OpmlImportBody {
  // Skipping means no topic for the unmatched lines; creating still sends loose feeds to the chosen one.
  const sendsTopic = request.mode === 'topic' || request.unmatched !== 'skip';
  return {
    opml,
    mode: request.mode,
    ...(request.mode === 'folders' ? { create_topics: request.unmatched === 'create' } : {}),
    ...(sendsTopic && request.topicId ? { topic_id: request.topicId } : {}),
  };
}

/** Whether the dialog has all it needs to send the file. */
export function isOpmlRequestReady(request: Partial<OpmlRequest>): boolean {
  if (!request.file) return false;
  const needsTopic = request.mode === 'topic' || request.unmatched === 'topic';
  return !needsTopic || !!request.topicId;
}

/**
 * Previews (dryRun) or imports a file, resolving to the report. An import that could import nothing
 * answers 422 with its report; its lines are all refusals, which a preview words the same, so the
 * preview's report stands for it.
 */
export async function sendOpml(
  request: OpmlRequest,
  dryRun: boolean,
  client: ApiClient = api,
): Promise<OpmlImportResult> {
  const body = opmlBody(request, await readOpmlFile(request.file));
  const post = (preview: boolean) =>
    client.post('/api/admin/opml/import', body, { query: preview ? { dry_run: 'true' } : undefined });
  try {
    return await post(dryRun);
  } catch (error) {
    if (dryRun || !isApiError(error) || error.status !== 422) throw error;
    return { ...(await post(true)), dry_run: false };
  }
}

/** Downloads the datasources as OPML (the request carries the admin's token, so no plain link). */
export async function downloadOpml(client: ApiClient = api) {
  const text = await client.request<string>('GET', '/api/admin/opml/export');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/x-opml' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = 'datasources.opml';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
}
