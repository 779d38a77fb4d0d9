import { CidrRange } from './cidr-range';
import { clientIp } from './client-ip';
import { normalizeIp } from './ip-address';
import { allowlistErrors } from './ip-allowlist';

describe('CidrRange', () => {
  it.each([
    ['10.0.0.0/8', '10.0.0.0', true],
    ['10.0.0.0/8', '10.255.255.255', true],
    ['10.0.0.0/8', '11.0.0.0', false],
    ['10.0.0.0/8', '9.255.255.255', false],
    ['192.168.1.7', '192.168.1.7', true],
    ['192.168.1.7', '192.168.1.8', false],
    ['192.168.1.7/32', '192.168.1.7', true],
    ['0.0.0.0/0', '203.0.113.9', true],
    ['0.0.0.0/0', '2001:db8::1', false],
    ['172.16.0.0/12', '172.31.255.255', true],
    ['172.16.0.0/12', '172.32.0.0', false],
    ['10.0.0.0/8', '::ffff:10.1.2.3', true],
    ['10.0.0.0/8', '::ffff:a01:203', true],
    ['2001:db8::/32', '2001:db8:ffff::1', true],
    ['2001:db8::/32', '2001:db9::', false],
    ['2001:db8::/128', '2001:db8::', true],
    ['2001:db8::/128', '2001:db8::1', false],
    ['::/0', '::1', true],
    ['::/0', '127.0.0.1', true],
    ['::1', '::1', true],
    ['::1', '0:0:0:0:0:0:0:1', true],
    ['fe80::/10', 'fe80::1%eth0', true],
    ['fe80::/10', 'fec0::1', false],
    ['2001:db8::/32', 'garbage', false],
  ])('%s contains %s → %s', (range, ip, expected) => {
    expect(CidrRange.parse(range)!.contains(ip)).toBe(expected);
  });

  it.each([['10.0.0.1/8'], ['10.0.0.0/33'], ['::/129'], ['1.2.3'], ['1.2.3.4/'], ['1.2.3.4/8/1'], ['abc'], [''], ['2001:db8::1/32'], ['300.1.1.1']])('rejects %j', (s) => {
    expect(CidrRange.parse(s)).toBeUndefined();
  });

  it('validates allowlists by index', () => {
    expect(allowlistErrors(['10.0.0.0/8', '::1'])).toEqual([]);
    expect(allowlistErrors(['10.0.0.0/8', 'nope', 5]).map((e) => e.index)).toEqual([1, 2]);
    expect(allowlistErrors(Array(101).fill('1.1.1.1'))).toHaveLength(1);
  });
});

describe('normalizeIp', () => {
  it.each([
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::FFFF:7f00:1', '127.0.0.1'],
    ['[::1]', '::1'],
    [' 10.0.0.1 ', '10.0.0.1'],
    ['2001:DB8::1', '2001:db8::1'],
  ])('%s → %s', (raw, norm) => expect(normalizeIp(raw)).toBe(norm));
});

describe('clientIp', () => {
  const proxies = [CidrRange.parse('10.0.0.0/8')!, CidrRange.parse('::1')!];
  it.each([
    ['no trusted proxies: XFF ignored', '203.0.113.5', '1.1.1.1', [], '203.0.113.5'],
    ['untrusted peer: spoofed XFF ignored', '203.0.113.5', '10.9.9.9', proxies, '203.0.113.5'],
    ['trusted peer: rightmost untrusted hop', '10.0.0.2', '6.6.6.6, 198.51.100.7, 10.0.0.3', proxies, '198.51.100.7'],
    ['trusted peer, no XFF: peer', '10.0.0.2', undefined, proxies, '10.0.0.2'],
    ['IPv4-mapped peer normalised', '::ffff:203.0.113.5', undefined, [], '203.0.113.5'],
    ['all hops trusted: leftmost', '10.0.0.2', '10.0.0.9, 10.0.0.8', proxies, '10.0.0.9'],
    ['array header', '::1', ['6.6.6.6', '198.51.100.8'], proxies, '198.51.100.8'],
  ])('%s', (_n, peer, xff, trusted, expected) => {
    expect(clientIp(peer, xff as string | undefined, trusted)).toBe(expected);
  });
});
