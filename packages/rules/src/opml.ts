// The text of an uploaded OPML file, whatever encoding its feed reader wrote it in.

const BYTE_ORDER_MARKS: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

/**
 * The text of an OPML file as its bytes came: by its byte-order mark, else the charset its media type
 * names, else its XML declaration's encoding (a GB18030 or Latin-1 export reads right), else UTF-8.
 * Null for an encoding nobody knows. The gateway reads uploads with it, the web app a chosen file.
 */
export function decodeOpmlBytes(bytes: Uint8Array, charset?: string): string | null {
  const marked = BYTE_ORDER_MARKS.find(([mark]) => mark.every((byte, index) => bytes[index] === byte))?.[1];
  // The declaration is ASCII in every encoding it may name.
  const head = String.fromCharCode(...bytes.subarray(0, 256));
  const declared = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  try {
    return new TextDecoder(marked ?? charset ?? declared ?? 'utf-8').decode(bytes);
  } catch {
    return null;
  }
}
