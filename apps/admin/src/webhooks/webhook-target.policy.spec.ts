import { addressAllowed, classifyAddress, urlRefusal } from './webhook-target.policy';

describe('classifyAddress', () => {
  it.each([
    ['93.184.215.14', 'public'],
    ['2606:4700::6810:84e5', 'public'],
    ['8.8.8.8', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['64:ff9b::7f00:1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a00:1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
  ])('%s → %s', (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it.each([['localhost'], ['999.1.1.1'], ['']])('throws on %j', (text) => {
    expect(() => classifyAddress(text)).toThrow();
  });
});

describe('addressAllowed', () => {
  it.each([
    ['public', false, true],
    ['public', true, true],
    ['private', false, false],
    ['private', true, true],
    ['loopback', false, false],
    ['loopback', true, true],
    ['link-local', true, false],
    ['metadata', true, false],
    ['unspecified', true, false],
    ['multicast', true, false],
    ['reserved', true, false],
  ] as const)('%s with private targets %s → %s', (cls, allowPrivate, expected) => {
    expect(addressAllowed(cls, allowPrivate)).toBe(expected);
  });
});

describe('urlRefusal', () => {
  it.each([
    ['https://hooks.example.com/vigil', false, null],
    ['http://hooks.example.com/vigil', false, 'must use https'],
    ['http://hooks.example.com/vigil', true, null],
    ['https://127.0.0.1:8443/x', false, 'points to a loopback address'],
    ['http://127.0.0.1:8080/x', true, null],
    ['https://[::1]/x', false, 'points to a loopback address'],
    ['https://10.0.0.5/x', false, 'points to a private address'],
    ['https://169.254.169.254/latest/meta-data', true, 'points to a metadata address'],
    ['https://[fe80::1]/x', true, 'points to a link-local address'],
    ['https://localhost/x', false, 'points to a loopback address'],
    ['http://localhost:9000/x', true, null],
    ['https://0x7f000001/x', false, 'points to a loopback address'],
    ['ftp://example.com/x', true, 'must use https'],
    ['not a url', false, 'is not a URL'],
  ])('%s (private targets %s) → %s', (url, allowPrivate, expected) => {
    expect(urlRefusal(url, allowPrivate)).toBe(expected);
  });
});
