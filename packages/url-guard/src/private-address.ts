import { isIP } from 'node:net';

/**
 * Loopback, private, link-local, CGNAT, multicast and unspecified ranges (IPv4 and IPv6), including
 * IPv6 forms that carry an IPv4 address (mapped `::ffff:7f00:1`, compatible `::7f00:1`, NAT64, 6to4):
 * WHATWG URLs normalise `[::ffff:127.0.0.1]` to the hex form, which must not slip through.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return isPrivateV4(bare.split('.').map(Number));
  if (version === 6) return isPrivateV6(expandV6(bare));
  return false;
}

/** A host name that names this machine without DNS: `localhost`, `*.localhost`, with or without the root dot. */
export function isLocalHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}

function isPrivateV4([a = 0, b = 0]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** The 8 hextets of a valid IPv6 address (with `::` expanded and a trailing dotted IPv4 converted). */
function expandV6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((part) => Number.parseInt(part, 16));
}

function embeddedV4(high: number, low: number): number[] {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff];
}

function isPrivateV6(h: number[]): boolean {
  const [h0 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0, h5 = 0, h6 = 0, h7 = 0] = h;
  const firstFiveZero = h0 === 0 && h1 === 0 && h2 === 0 && h3 === 0 && h4 === 0;
  // ::/96: unspecified, loopback and the deprecated IPv4-compatible form; never a public destination.
  if (firstFiveZero && h5 === 0) return true;
  // ::ffff:0:0/96: IPv4-mapped, judged by the IPv4 address it carries.
  if (firstFiveZero && h5 === 0xffff) return isPrivateV4(embeddedV4(h6, h7));
  // 64:ff9b::/96 NAT64 and 64:ff9b:1::/48 local-use NAT64.
  if (h0 === 0x64 && h1 === 0xff9b) return h2 === 1 || isPrivateV4(embeddedV4(h6, h7));
  // 2002::/16 6to4 carries the IPv4 address in the next 32 bits.
  if (h0 === 0x2002) return isPrivateV4(embeddedV4(h1, h2));
  return (
    (h0 & 0xfe00) === 0xfc00 || // fc00::/7 unique local
    (h0 & 0xffc0) === 0xfe80 || // fe80::/10 link-local
    (h0 & 0xffc0) === 0xfec0 || // fec0::/10 site-local (deprecated)
    (h0 & 0xff00) === 0xff00 // ff00::/8 multicast
  );
}
