import { randomBytes } from 'node:crypto';
import { AccountsService } from '../../src/accounts/accounts.service';
import { AdminClient } from './admin-client';
import type { HttpResult } from './admin-client';
import type { RunningAdmin } from './start-admin';

export const uniqueEmail = (tag = 'user') => `${tag}-${randomBytes(5).toString('hex')}@example.com`;
export const strongPassword = () => `Vigil-${randomBytes(9).toString('base64url')}-pw`;

/** Asserts an RFC 9457 problem document with a stable code. */
export function expectProblem(r: HttpResult, status: number, code: string): void {
  expect({ status: r.status, code: r.body?.code }).toEqual({ status, code });
  expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(r.body).toMatchObject({ type: expect.stringContaining('https://'), title: expect.any(String), status, detail: expect.any(String), requestId: expect.any(String) });
}

/**
 * The newest emailed link's token for an address, from the admin app's log: with no SMTP_URL (the test default)
 * the app logs each link for the operator, as documented.
 */
export function loggedToken(admin: RunningAdmin, email: string, route: 'verify-email' | 'reset-password' | 'invite'): string {
  const pattern = new RegExp(`link for ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\S+/#/${route}/([0-9a-f]{64})`, 'i');
  for (let i = admin.logs.lines.length - 1; i >= 0; i--) {
    const m = pattern.exec(admin.logs.lines[i]);
    if (m) return m[1];
  }
  throw new Error(`no ${route} link for ${email} in the admin log`);
}

/** A user who signed up, followed the verification link (read from the log, no SMTP configured) and signed in. */
export async function signedUpUser(admin: RunningAdmin, tag = 'user'): Promise<{ client: AdminClient; email: string; password: string; id: string }> {
  const client = new AdminClient(admin.url);
  const email = uniqueEmail(tag);
  const password = strongPassword();
  const r = await client.signup(email, password);
  if (r.status !== 202) throw new Error(`signup failed: ${r.status} ${r.text}`);
  const verified = await client.post('/api/auth/verify-email', { token: loggedToken(admin, email, 'verify-email') });
  if (verified.status !== 200) throw new Error(`verification failed: ${verified.status} ${verified.text}`);
  const login = await client.login(email, password);
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { client, email, password, id: login.body.account.id };
}

/** An internal admin (created as the CLI does), signed in. */
/**
 * Makes `member` a member of the organisation: `by` (its owner or an admin) invites them as `role`, and they accept
 * with the token the invitation email carried (read from the log, as no SMTP is configured).
 */
export async function joinOrganisation(
  admin: RunningAdmin,
  by: AdminClient,
  orgId: string,
  member: { client: AdminClient; email: string },
  role: 'admin' | 'developer' | 'viewer',
): Promise<void> {
  const invited = await by.post(`/api/orgs/${orgId}/invitations`, { email: member.email, role });
  if (invited.status !== 201) throw new Error(`invitation of ${member.email} refused: ${invited.status} ${JSON.stringify(invited.body)}`);
  const accepted = await member.client.post('/api/invitations/accept', { token: loggedToken(admin, member.email, 'invite') });
  if (accepted.status !== 200) throw new Error(`${member.email} could not accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

export async function signedInAdmin(admin: RunningAdmin): Promise<{ client: AdminClient; email: string; id: string }> {
  const email = uniqueEmail('admin');
  const password = strongPassword();
  const account = await admin.app.get(AccountsService).create({ email, password, role: 'admin' }, { type: 'cli', label: 'cli:test' });
  const client = new AdminClient(admin.url);
  const r = await client.login(email, password);
  if (r.status !== 200) throw new Error(`admin login failed: ${r.status} ${r.text}`);
  return { client, email, id: account.id };
}

/** `YYYY-MM-DD` (UTC) `daysAgo` days before today. */
export const utcDay = (daysAgo = 0) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * 86_400_000).toISOString().slice(0, 10);
};
