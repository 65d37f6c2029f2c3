import iconv from 'iconv-lite';

/**
 * Bytes → text, by: BOM, the Content-Type charset, the XML prolog's encoding, an HTML meta
 * charset; with none of those, UTF-8 if the bytes are valid UTF-8, else windows-1252 (what
 * undeclared Latin feeds really are). GB2312/GBK are decoded as GB18030, their superset.
 */
export function decodeBody(body: Buffer, contentType?: string | null): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return body.subarray(3).toString('utf8');
  if (body[0] === 0xff && body[1] === 0xfe) return iconv.decode(body.subarray(2), 'utf16le');
  if (body[0] === 0xfe && body[1] === 0xff) return iconv.decode(body.subarray(2), 'utf16be');
  const declared = charsetFromContentType(contentType) ?? charsetFromDocument(body);
  const charset = declared ? normalizeCharset(declared) : undefined;
  if (charset && charset !== 'utf-8' && iconv.encodingExists(charset)) return iconv.decode(body, charset);
  if (charset === 'utf-8' || isValidUtf8(body)) return body.toString('utf8');
  return iconv.decode(body, 'windows-1252');
}

function charsetFromContentType(contentType?: string | null): string | undefined {
  return contentType ? /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1] : undefined;
}

function charsetFromDocument(body: Buffer): string | undefined {
  // The declaration is ASCII in every encoding we accept, so latin1 is a safe way to read the head.
  const head = body.subarray(0, 2048).toString('latin1');
  return (
    /<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1]
  );
}

function normalizeCharset(charset: string): string {
  const lower = charset.toLowerCase();
  if (lower === 'utf8' || lower === 'utf-8') return 'utf-8';
  if (lower === 'gb2312' || lower === 'gbk' || lower === 'x-gbk' || lower === 'gb_2312-80') return 'gb18030';
  // WHATWG: iso-8859-1 and us-ascii labels mean windows-1252.
  if (lower === 'iso-8859-1' || lower === 'latin1' || lower === 'us-ascii' || lower === 'ascii')
    return 'windows-1252';
  return lower;
}

function isValidUtf8(body: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}
