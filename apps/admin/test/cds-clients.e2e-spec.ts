import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withPgClient } from '@vigil/testing';
import { expectProblem, signedUpUser } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

const JWKS = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'cds-hooks', 'sandbox-keys', 'jwks.json'), 'utf8'));
const ISSUER = 'https://sandbox.cds-hooks.org';

describe('/api/keys/:id/cds-client: a CDS Hooks issuer and its public JWK set on a key', () => {
  let admin: RunningAdmin;
  let a: Awaited<ReturnType<typeof signedUpUser>>;
  let b: Awaited<ReturnType<typeof signedUpUser>>;
  let keyA: string;
  let keyB: string;
  beforeAll(async () => {
    admin = await startAdmin();
    a = await signedUpUser(admin, 'alice');
    b = await signedUpUser(admin, 'bob');
    keyA = (await a.client.post('/api/keys', { label: 'EHR', scopes: ['cds:invoke'] })).body.id;
    keyB = (await b.client.post('/api/keys', { label: 'other EHR' })).body.id;
  });
  afterAll(async () => {
    await admin.close();
  });

  it('registers the sandbox issuer, shows it, audits it without key material, and removes it', async () => {
    expectProblem(await a.client.get(`/api/keys/${keyA}/cds-client`), 404, 'not_found');
    const put = await a.client.request('PUT', `/api/keys/${keyA}/cds-client`, { body: { issuer: ISSUER, jwks: JWKS } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ keyId: keyA, issuer: ISSUER, keys: [{ kty: 'EC', kid: '44823f3d-0b01-4a6c-a80e-b9d3e8a7226f', alg: 'ES384' }] });
    expect((await a.client.get(`/api/keys/${keyA}/cds-client`)).body.issuer).toBe(ISSUER);
    const audit = await withPgClient(admin.db.url, async (c) => (await c.query(`SELECT action, after FROM audit_event WHERE target_id = $1 ORDER BY id`, [keyA])).rows);
    const set = audit.find((e: { action: string }) => e.action === 'key.cds_client.set');
    expect(set.after.cdsIssuer).toBe(ISSUER);
    expect(JSON.stringify(set.after)).not.toContain(JWKS.keys[0].x);
    // Another account's key: 404; the same issuer on another key: 409.
    expectProblem(await b.client.get(`/api/keys/${keyA}/cds-client`), 404, 'not_found');
    expectProblem(await b.client.request('PUT', `/api/keys/${keyB}/cds-client`, { body: { issuer: ISSUER, jwks: JWKS } }), 409, 'conflict');
    expect((await a.client.request('DELETE', `/api/keys/${keyA}/cds-client`)).status).toBe(204);
    expectProblem(await a.client.get(`/api/keys/${keyA}/cds-client`), 404, 'not_found');
    expect((await b.client.request('PUT', `/api/keys/${keyB}/cds-client`, { body: { issuer: ISSUER, jwks: JWKS } })).status).toBe(200);
  });

  it.each([
    ['a private key member', { issuer: 'https://ehr.example.org', jwks: { keys: [{ ...JWKS.keys[0], d: 'secret' }] } }, '/jwks/keys/0'],
    ['an HMAC key', { issuer: 'https://ehr.example.org', jwks: { keys: [{ kty: 'oct', k: 'c2VjcmV0' }] } }, '/jwks/keys/0/kty'],
    ['a P-256 key', { issuer: 'https://ehr.example.org', jwks: { keys: [{ ...JWKS.keys[0], crv: 'P-256', alg: undefined }] } }, '/jwks/keys/0/crv'],
    ['an EC key that is not on its curve', { issuer: 'https://ehr.example.org', jwks: { keys: [{ ...JWKS.keys[0], x: JWKS.keys[0].y }] } }, '/jwks/keys/0'],
    ['an issuer that is not a URL', { issuer: 'sandbox', jwks: JWKS }, '/issuer'],
    ['no keys', { issuer: 'https://ehr.example.org', jwks: { keys: [] } }, '/jwks/keys'],
  ])('refuses %s with a pointer', async (_label, body, pointer) => {
    const r = await a.client.request('PUT', `/api/keys/${keyA}/cds-client`, { body });
    expectProblem(r, 400, 'validation_failed');
    expect(r.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
  });
});
