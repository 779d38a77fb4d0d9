import { allowlistErrors } from '@vigil/auth';
import { isIpOrCidr } from '@vigil/contracts';
// The dashboard's browser module (plain ES module; swc turns it into CommonJS for jest).
import { ipProblem, splitEntries } from './web/js/ip-validate.js';

/** Server verdict: the DTO shape check and the key service's range check, as POST /api/keys applies them. */
const serverAccepts = (entry: string) => isIpOrCidr(entry) && allowlistErrors([entry]).length === 0;

describe('dashboard IP/CIDR validation mirrors the server', () => {
  it.each([
    ['203.0.113.7', true],
    ['10.0.0.0/8', true],
    ['0.0.0.0/0', true],
    ['192.168.1.7/32', true],
    ['172.16.0.0/12', true],
    ['2001:db8::/32', true],
    ['::1', true],
    ['::/0', true],
    ['fe80::/10', true],
    ['2001:db8:0:0:0:0:0:1', true],
    ['10.1.2.3/8', false],
    ['2001:db8::1/32', false],
    ['256.1.1.1', false],
    ['10.0.0', false],
    ['01.2.3.4', false],
    ['10.0.0.0/33', false],
    ['::/129', false],
    ['10.0.0.0/8/8', false],
    ['10.0.0.0/', false],
    ['not-an-ip', false],
    ['1:2:3:4:5:6:7:8:9', false],
    ['2001:db8:::1', false],
    ['gggg::1', false],
  ])('%s → %s', (entry, ok) => {
    expect(ipProblem(entry) === null).toBe(ok);
    expect(serverAccepts(entry)).toBe(ok);
  });

  it('explains host bits with the network the user probably meant', () => {
    expect(ipProblem('10.1.2.3/8')).toBe('host bits set: did you mean 10.0.0.0/8?');
    expect(ipProblem('192.168.1.77/24')).toBe('host bits set: did you mean 192.168.1.0/24?');
    expect(ipProblem('2001:db8::1/32')).toBe('host bits set: did you mean 2001:db8::/32?');
  });

  it('splits a textarea on lines, commas and spaces', () => {
    expect(splitEntries(' 10.0.0.0/8,\n::1  203.0.113.7\n\n')).toEqual(['10.0.0.0/8', '::1', '203.0.113.7']);
  });
});
