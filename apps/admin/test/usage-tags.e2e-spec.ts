import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ApiKeyRepository } from '@vigil/db';
import { DataSource } from 'typeorm';
import { signedUpUser } from './support/fixtures';
import { type RunningAdmin, startAdmin } from './support/start-admin';

const cliPath = join(__dirname, '..', 'dist', 'cli.js');
const today = () => new Date().toISOString().slice(0, 10);

/** Usage split by usage tag (#16.8) in the dashboard API and the operator CLI's CSV export. */
describe('usage by tag: /api/usage and ./vigil usage tags', () => {
  let admin: RunningAdmin;
  let user: Awaited<ReturnType<typeof signedUpUser>>;

  beforeAll(async () => {
    admin = await startAdmin({});
    user = await signedUpUser(admin, 'tags');
    const created = await user.client.post('/api/keys', { label: 'EHR prod' });
    const keyId = created.body.id as string;
    const repo = new ApiKeyRepository(admin.app.get(DataSource));
    // As the API writes them: untagged totals per key and day, and the tagged part per tag.
    await repo.addUsage([{ keyId, day: today(), allowed: 10, rateLimited: 2, denied: 1, lastUsed: new Date() }]);
    await repo.addTagUsage([
      { keyId, day: today(), tag: 'pharmacy-module', allowed: 6, rateLimited: 2 },
      { keyId, day: today(), tag: 'ehr,orders "v2"', allowed: 1, rateLimited: 0 },
    ]);
  });
  afterAll(async () => {
    await admin.close();
  });

  it('GET /api/usage lists calls per tag, most first', async () => {
    const r = await user.client.get('/api/usage?days=7');
    expect(r.status).toBe(200);
    expect(r.body.tags).toEqual([
      { tag: 'pharmacy-module', allowed: 6, rateLimited: 2 },
      { tag: 'ehr,orders "v2"', allowed: 1, rateLimited: 0 },
    ]);
    expect(r.body.totals.allowed).toBe(10);
  });

  it('a key carries a default usage tag: set on create (lower-cased), validated, changed and cleared on edit', async () => {
    const created = await user.client.post('/api/keys', { label: 'Dispensing', usageTag: 'Dispensing-Module' });
    expect(created.status).toBe(201);
    expect(created.body.usageTag).toBe('dispensing-module');
    const bad = await user.client.post('/api/keys', { label: 'x', usageTag: 'not a tag' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ pointer: '/usageTag' });
    const changed = await user.client.patch(`/api/keys/${created.body.id}`, { usageTag: 'billing' });
    expect(changed.body.usageTag).toBe('billing');
    const cleared = await user.client.patch(`/api/keys/${created.body.id}`, { usageTag: null });
    expect(cleared.body.usageTag).toBeNull();
  });

  const cli = (args: string[]) =>
    spawnSync(process.execPath, [cliPath, ...args], { env: { PATH: process.env.PATH, DATABASE_URL: admin.db.url }, encoding: 'utf8', timeout: 60_000 });

  it('exports CSV (RFC 4180, with the untagged rest) or JSON', () => {
    const csv = cli(['usage', 'tags', '--email', user.email, '--days', '7']);
    expect(csv.status).toBe(0);
    expect(csv.stdout).toBe('tag,allowed,rate_limited\r\npharmacy-module,6,2\r\n"ehr,orders ""v2""",1,0\r\n(untagged),3,\r\n');
    const json = cli(['usage', 'tags', '--email', user.email, '--format', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ email: user.email, untaggedAllowed: 3, tags: [{ tag: 'pharmacy-module' }, { tag: 'ehr,orders "v2"' }] });
  });

  it.each([
    [['usage', 'tags', '--email', 'x@example.org', '--days', '0'], 2],
    [['usage', 'tags', '--email', 'x@example.org', '--format', 'xml'], 2],
    [['usage', 'tags'], 2],
    [['usage', 'tags', '--email', 'nobody@example.org'], 1],
  ])('%j exits %d', (args, code) => {
    expect(cli(args).status).toBe(code);
  });
});
