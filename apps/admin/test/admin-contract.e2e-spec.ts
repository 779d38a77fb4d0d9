import { ADMIN_ROUTES } from '@vigil/contracts';
import { randomUUID } from 'node:crypto';
import { expectProblem, signedInAdmin } from './support/fixtures';
import { AdminClient } from './support/admin-client';
import { type RunningAdmin, startAdmin } from './support/start-admin';

/**
 * The admin app's contract is `ADMIN_ROUTES` in @vigil/contracts: every JSON route is in it (and nothing else is),
 * and every body, query or route parameter it declares is really parsed with that schema (an unknown field is
 * refused with a pointer). The responses of this and every other admin suite are checked against it by `startAdmin`.
 */
describe('admin app: one contract for every JSON route', () => {
  let admin: RunningAdmin;
  let signedIn: AdminClient;

  beforeAll(async () => {
    admin = await startAdmin({ REDIS_URL: '' });
    signedIn = (await signedInAdmin(admin)).client;
  });
  afterAll(() => admin?.close());

  it('ADMIN_ROUTES lists exactly the JSON routes the app serves', () => {
    const served = admin.routes.filter((r) => / \/api\//.test(r)).sort();
    const contract = ADMIN_ROUTES.map((r) => `${r.method} ${r.path}`).sort();
    expect(served).toEqual(contract);
  });

  // Vigil's own inputs are strict; a third party's format (GitHub's report) accepts what it may add.
  const withInput = ADMIN_ROUTES.filter((r) => (r.body || r.query) && !r.external);
  it.each(withInput.map((r) => [`${r.method} ${r.path}`, r] as const))('%s refuses an unknown field with its pointer', async (_name, route) => {
    const path = route.path.replace(':id', randomUUID());
    const r = route.body ? await signedIn.request(route.method, path, { body: { unexpected: 1 } }) : await signedIn.get(`${path}?unexpected=1`);
    expectProblem(r, 400, 'validation_failed');
    expect(r.body.errors).toContainEqual({ pointer: '/unexpected', code: 'unknown_field', message: 'unknown field "unexpected"' });
  });

  it('route parameters are parsed with their schema', async () => {
    const r = await signedIn.post('/api/admin/kb/releases/-not-a-version/activate');
    expectProblem(r, 400, 'validation_failed');
    expect(r.body.errors[0]).toMatchObject({ pointer: '/version', code: 'format' });
  });

  it('query defaults and integer coercion come from the schema', async () => {
    const r = await signedIn.get('/api/admin/audit?limit=3');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ limit: 3, offset: 0 });
    const d = await signedIn.get('/api/admin/accounts');
    expect(d.body).toMatchObject({ limit: 50, offset: 0 });
    const bad = await signedIn.get('/api/admin/accounts?limit=2.5');
    expectProblem(bad, 400, 'validation_failed');
    expect(bad.body.errors[0]).toMatchObject({ pointer: '/limit' });
  });

  it('a missing body names the required fields', async () => {
    const r = await new AdminClient(admin.url).request('POST', '/api/auth/login');
    expectProblem(r, 400, 'validation_failed');
    expect(r.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(['/email', '/password']);
  });
});
