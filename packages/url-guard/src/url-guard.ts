import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isLocalHostname, isPrivateAddress } from './private-address.ts';

export type UrlRefusal = 'invalid' | 'scheme' | 'private';

/**
 * Why the crawler would refuse to fetch `raw` from its text alone (no DNS), or null: not a URL, a
 * scheme other than http(s), or a host that is an IP literal in a private range or a localhost name.
 * The same rule the crawler's fetcher applies to every hop, so the gateway can refuse such a URL upfront.
 */
export function literalUrlRefusal(raw: string): UrlRefusal | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) ? isPrivateAddress(host) : isLocalHostname(host)) return 'private';
  return null;
}

/**
 * True when `hostname` resolves to at least one private address. A name that does not resolve (or not
 * within `timeoutMs`) is not judged here: the fetcher checks every address again when it connects.
 */
export async function resolvesToPrivateAddress(hostname: string, timeoutMs = 2000): Promise<boolean> {
  if (isIP(hostname.replace(/^\[|\]$/g, ''))) return isPrivateAddress(hostname);
  let timer: NodeJS.Timeout | undefined;
  try {
    const addresses = await Promise.race([
      lookup(hostname, { all: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('lookup timed out')), timeoutMs);
      }),
    ]);
    return addresses.some((entry) => isPrivateAddress(entry.address));
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
