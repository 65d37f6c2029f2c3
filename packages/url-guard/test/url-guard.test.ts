import { describe, expect, it } from 'vitest';
import { isPrivateAddress, literalUrlRefusal } from '../src/index.ts';

// SSRF: every spelling of a loopback, private, link-local or metadata address is refused, checked as
// pure functions (no connection is made).

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '::7f00:1',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::1',
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fec0::1',
    'ff02::1',
    '[::1]',
    // The outside review's finds: 192.0.0.0/24 (with the OCI-classic metadata address), Azure's
    // WireServer, the documentation ranges, the IPv4-translated form, discard-only, Teredo.
    '192.0.0.170',
    '192.0.0.1',
    '168.63.129.16',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
    '192.88.99.1',
    '240.0.0.1',
    '::ffff:0:127.0.0.1',
    '::ffff:0:7f00:1',
    '100::1',
    '2001::7f00:1',
    '2001:db8::1',
    '2001:10::1',
    '[2001::7f00:1]',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '::ffff:93.184.216.34',
    '::ffff:5db8:d822',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '168.63.129.17',
    'example.com',
  ])('%s is not', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('literalUrlRefusal', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0x7f.0.0.1/',
    'http://017700000001/',
    'http://0177.0.0.1/',
    'http://0/',
    'http://10.0.0.1:8080/feed',
    'http://169.254.169.254/latest/meta-data/',
    'http://2852039166/',
    'http://[::1]/',
    'http://[::]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://localhost/',
    'http://LOCALHOST:3000/',
    'http://localhost./',
    'http://api.localhost/',
    'https://user:pass@127.0.0.1/',
  ])('%s is private', (url) => {
    expect(literalUrlRefusal(url)).toBe('private');
  });

  it.each([
    'file:///etc/passwd',
    'gopher://127.0.0.1:6379/_INFO',
    'ftp://example.com/feed',
    'javascript:alert(1)',
    'data:text/xml,<rss/>',
    'dict://127.0.0.1:11211/stat',
  ])('%s has a refused scheme', (url) => {
    expect(literalUrlRefusal(url)).toBe('scheme');
  });

  it.each(['https://example.com/feed', 'http://93.184.216.34/rss', 'http://[2606:4700::1111]/'])(
    '%s is fine',
    (url) => {
      expect(literalUrlRefusal(url)).toBeNull();
    },
  );
});

describe("the host's own addresses", () => {
  it('refuses every address of this machine, whatever its range', async () => {
    const { networkInterfaces } = await import('node:os');
    const own = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .map((entry) => entry.address);
    expect(own.length).toBeGreaterThan(0);
    for (const address of own) expect(isPrivateAddress(address), address).toBe(true);
  });
});
