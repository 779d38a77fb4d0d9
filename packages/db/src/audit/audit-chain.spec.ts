import { AUDIT_GENESIS_HASH, type ChainedAuditFields, auditEventHash, canonicalJson } from './audit-chain';

describe('canonicalJson', () => {
  it.each<[unknown, string]>([
    [{ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } }, '{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}'],
    [{ a: undefined, b: 'x' }, '{"b":"x"}'],
    [[undefined, 'é', 1.5], '[null,"é",1.5]'],
    [null, 'null'],
    [undefined, 'null'],
    ['a"b', '"a\\"b"'],
  ])('%j → %s', (value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });
});

describe('auditEventHash', () => {
  const event: ChainedAuditFields = {
    chain: 'deployment',
    seq: 1,
    prevHash: AUDIT_GENESIS_HASH,
    actorType: 'admin',
    actorId: '9b2f0c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e',
    actorLabel: 'ops@example.org',
    action: 'key.revoke',
    targetType: 'api_key',
    targetId: '0b9c7c2e-5d1a-4f7e-9a43-2f6d8e1c4b7a',
    before: { status: 'active', label: 'EHR prod' },
    after: { label: 'EHR prod', status: 'revoked' },
    requestId: 'req-1',
    ip: '192.0.2.1',
    createdAt: '2026-11-25T10:00:00.000Z',
  };

  it('is the same whatever the key order of before/after (as jsonb returns them)', () => {
    expect(auditEventHash({ ...event, after: { status: 'revoked', label: 'EHR prod' } })).toBe(auditEventHash(event));
    expect(auditEventHash(event)).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each<[string, Partial<ChainedAuditFields>]>([
    ['the action', { action: 'key.create' }],
    ['a value inside after', { after: { label: 'EHR prod', status: 'active' } }],
    ['the time', { createdAt: '2026-11-25T10:00:00.001Z' }],
    ['the position', { seq: 2 }],
    ['the predecessor', { prevHash: 'f'.repeat(64) }],
    ['the chain', { chain: 'org-1' }],
    ['the actor', { actorLabel: 'someone@example.org' }],
    ['the ip', { ip: null }],
  ])('changes when %s changes', (_what, change) => {
    expect(auditEventHash({ ...event, ...change })).not.toBe(auditEventHash(event));
  });
});
