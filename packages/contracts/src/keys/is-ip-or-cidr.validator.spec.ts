import { CreateApiKeyRequestSchema } from './create-api-key.request';
import { ipOrCidrProblem } from './is-ip-or-cidr.validator';
import { UpdateApiKeyRequestSchema } from './update-api-key.request';
import { validateWith } from '../validation/validate-with';

describe('ipOrCidrProblem: an allowlist entry, or why it is refused (quoting it)', () => {
  it.each([['203.0.113.7'], ['10.0.0.0/8'], ['0.0.0.0/0'], ['::1'], ['2001:db8::/32'], ['::ffff:10.0.0.0/104'], ['fe80::/10']])('accepts %s', (entry) => {
    expect(ipOrCidrProblem(entry)).toBeNull();
  });

  it.each([
    ['not-an-ip', '"not-an-ip" is not an IPv4/IPv6 address or CIDR range'],
    ['', '"" is not an IPv4/IPv6 address or CIDR range'],
    ['10.0.0.0/8/8', '"10.0.0.0/8/8" is not an IPv4/IPv6 address or CIDR range'],
    ['1.2.3.4/33', '"1.2.3.4/33": the prefix length must be 0–32'],
    ['2001:db8::/129', '"2001:db8::/129": the prefix length must be 0–128'],
    ['10.1.2.3/8', '"10.1.2.3/8" has host bits set: did you mean 10.0.0.0/8?'],
    ['2001:db8::1/32', '"2001:db8::1/32" has host bits set: did you mean 2001:db8::/32?'],
  ])('refuses %j: %s', (entry, message) => {
    expect(ipOrCidrProblem(entry)).toBe(message);
  });

  it('no placeholder and every bad entry at once, each at its own pointer', () => {
    const r = validateWith(CreateApiKeyRequestSchema, { label: 'x', allowedIps: ['10.0.0.0/8', '10.1.2.3/8', 'zz', '1.2.3.4/33', 7] });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(r.errors).toEqual([
      { pointer: '/allowedIps/1', code: 'format', message: '"10.1.2.3/8" has host bits set: did you mean 10.0.0.0/8?' },
      { pointer: '/allowedIps/2', code: 'format', message: '"zz" is not an IPv4/IPv6 address or CIDR range' },
      { pointer: '/allowedIps/3', code: 'format', message: '"1.2.3.4/33": the prefix length must be 0–32' },
      { pointer: '/allowedIps/4', code: 'type', message: 'must be a string' },
    ]);
    expect(JSON.stringify(r.errors)).not.toContain('$');
  });
});

describe('scopes: one rule for creating and editing a key', () => {
  it.each([
    ['create', CreateApiKeyRequestSchema, { label: 'x', scopes: [] }],
    ['update', UpdateApiKeyRequestSchema, { scopes: [] }],
  ])('%s refuses an empty list with a message saying why', (_what, schema, body) => {
    const r = validateWith(schema, body);
    expect(r).toEqual({ success: false, errors: [{ pointer: '/scopes', code: 'min_items', message: expect.stringMatching(/^a key needs at least one scope/) }] });
  });

  it('create without scopes is fine (the key gets every public scope)', () => {
    expect(validateWith(CreateApiKeyRequestSchema, { label: 'x' }).success).toBe(true);
  });
});
