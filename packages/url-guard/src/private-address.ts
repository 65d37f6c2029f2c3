import { networkInterfaces } from 'node:os';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether an address is anything but a global unicast destination: ipaddr.js classifies it by the
 * IANA special-purpose registries for IPv4 and IPv6 (loopback, private, link-local, CGNAT,
 * multicast, unspecified, 192.0.0.0/24, the documentation and benchmarking ranges, 240/4, discard
 * 100::/64, Teredo, ORCHID, unique local, the IPv4-translated ::ffff:0:0:0/96 …), and only its
 * "unicast" class passes. IPv6 forms that carry an IPv4 address (mapped `::ffff:7f00:1`, NAT64,
 * 6to4) are judged by that address: WHATWG URLs normalise `[::ffff:127.0.0.1]` to the hex form,
 * which must not slip through. Also refused: cloud platform endpoints that sit in global space
 * (Azure's WireServer), and the host's own interface addresses.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) === 0) return false;
  const parsed = ipaddr.parse(bare);
  if (isOwnAddress(parsed)) return true;
  if (parsed.kind() === 'ipv4') return !isGlobalV4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return !isGlobalV4(v6.toIPv4Address());
  const h = v6.parts;
  // ::/96: unspecified, loopback and the deprecated IPv4-compatible form; never a public destination.
  if (h.slice(0, 6).every((part) => part === 0)) return true;
  // 64:ff9b::/96 NAT64 carries an IPv4 address in its last 32 bits; 64:ff9b:1::/48 is local-use.
  if (h[0] === 0x64 && h[1] === 0xff9b) return h[2] === 1 || !isGlobalV4(embeddedV4(h[6]!, h[7]!));
  // 2002::/16 6to4 carries the IPv4 address in the next 32 bits.
  if (h[0] === 0x2002) return !isGlobalV4(embeddedV4(h[1]!, h[2]!));
  return v6.range() !== 'unicast';
}

/** A host name that names this machine without DNS: `localhost`, `*.localhost`, with or without the root dot. */
export function isLocalHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}

/** Global addresses that are a cloud platform's own service endpoint inside every VM. */
const PLATFORM_ENDPOINTS: [ipaddr.IPv4, number][] = [
  // Azure's WireServer (metadata, health, DNS): 168.63.129.16.
  [ipaddr.IPv4.parse('168.63.129.16'), 32],
];

function isGlobalV4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast' && !PLATFORM_ENDPOINTS.some((range) => address.match(range));
}

function embeddedV4(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** The machine's own interface addresses, read again at most every 30 s (interfaces come and go). */
let own: { at: number; addresses: Set<string> } | null = null;
function isOwnAddress(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  const now = Date.now();
  if (!own || now - own.at > 30_000) {
    const addresses = new Set<string>();
    for (const list of Object.values(networkInterfaces()))
      for (const entry of list ?? []) {
        const bare = entry.address.replace(/%.*$/, '');
        if (ipaddr.isValid(bare)) addresses.add(ipaddr.parse(bare).toNormalizedString());
      }
    own = { at: now, addresses };
  }
  const normalized =
    address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
      ? (address as ipaddr.IPv6).toIPv4Address().toNormalizedString()
      : address.toNormalizedString();
  return own.addresses.has(normalized);
}
