/**
 * Who may call an admin route:
 * - `public`: nobody needs to be signed in (sign-up, sign-in, emailed links, the dashboard's config);
 * - `session`: a signed-in account (session cookie; state-changing calls also send the CSRF token header);
 * - `internal-admin`: a signed-in internal admin;
 * - `github-signature`: no session; the body must carry GitHub's secret-scanning signature.
 */
export type AdminRouteAccess = 'public' | 'session' | 'internal-admin' | 'github-signature';

/** How the admin OpenAPI document describes one route of `ADMIN_ROUTES`. */
export interface AdminRouteDoc {
  operationId: string;
  tag: AdminRouteTag;
  summary: string;
  access: AdminRouteAccess;
}

/** The admin document's sections, in reading order, with what each holds. */
export const ADMIN_ROUTE_TAGS = {
  'Sign-in and account': 'Sign up, verify the email address, sign in and out, reset or change the password.',
  'API keys': 'The signed-in account’s own API keys: create (the secret is shown once), change, roll with a grace period, revoke.',
  Organisations: 'Organisations, members and roles, invitations, ownership transfer and the organisation key policy.',
  Projects: 'Projects inside an organisation (their own rate and quota caps) and the keys that belong to them.',
  Usage: 'Calls per day, per key, per project and per usage tag.',
  Webhooks: 'Signed event deliveries (key and quota events, knowledge-base releases): endpoints, secrets and the delivery log.',
  'CDS Hooks': 'CDS Hooks clients registered on a key, and the report of overridden cards.',
  'Leak response': 'Reports of exposed keys: GitHub secret-scanning partner reports and an internal admin’s own report.',
  'Internal admin': 'The platform operators’ routes: accounts, any key, organisations, the audit log and knowledge-base releases.',
  Dashboard: 'What the web dashboard needs before sign-in.',
} as const;

export type AdminRouteTag = keyof typeof ADMIN_ROUTE_TAGS;

const doc = (operationId: string, tag: AdminRouteTag, access: AdminRouteAccess, summary: string): AdminRouteDoc => ({ operationId, tag, access, summary });

/**
 * One entry per row of `ADMIN_ROUTES`, keyed `METHOD path` (a contracts test fails when the two tables disagree; the
 * admin e2e suite checks every `access` against what the app does without a session).
 */
export const ADMIN_ROUTE_DOCS: Readonly<Record<string, AdminRouteDoc>> = {
  'GET /api/config': doc('getClientConfig', 'Dashboard', 'public', 'API address, key prefix, scopes and plans the dashboard shows'),
  'POST /api/auth/signup': doc('signUp', 'Sign-in and account', 'public', 'Create an account (a verification email follows)'),
  'POST /api/auth/verify-email': doc('verifyEmail', 'Sign-in and account', 'public', 'Confirm an email address with the emailed token'),
  'POST /api/auth/verify-email/resend': doc('resendVerificationEmail', 'Sign-in and account', 'session', 'Send the verification email again'),
  'POST /api/auth/password-reset': doc('requestPasswordReset', 'Sign-in and account', 'public', 'Email a password-reset link (the answer never says whether the address exists)'),
  'POST /api/auth/password-reset/confirm': doc('resetPassword', 'Sign-in and account', 'public', 'Set a new password with the emailed token'),
  'POST /api/auth/login': doc('signIn', 'Sign-in and account', 'public', 'Sign in: sets the session cookie and returns the CSRF token'),
  'POST /api/auth/logout': doc('signOut', 'Sign-in and account', 'session', 'Sign out (ends this session)'),
  'GET /api/auth/me': doc('getCurrentAccount', 'Sign-in and account', 'session', 'The signed-in account'),
  'POST /api/auth/password': doc('changePassword', 'Sign-in and account', 'session', 'Change the password; every session ends, this one included (sign in again)'),
  'GET /api/keys': doc('listKeys', 'API keys', 'session', 'List your personal API keys (never their secrets)'),
  'POST /api/keys': doc('createKey', 'API keys', 'session', 'Create an API key; its secret is in this answer only'),
  'GET /api/keys/:id': doc('getKey', 'API keys', 'session', 'One of your API keys'),
  'PATCH /api/keys/:id': doc('updateKey', 'API keys', 'session', 'Rename a key or change its scopes, IP allowlist, limits, expiry or default usage tag'),
  'POST /api/keys/:id/revoke': doc('revokeKey', 'API keys', 'session', 'Revoke a key at once, on every API instance'),
  'POST /api/keys/:id/roll': doc('rollKey', 'API keys', 'session', 'Roll a key: a successor (secret shown once) and a grace period for the old one'),
  'GET /api/keys/:id/cds-client': doc('getCdsClient', 'CDS Hooks', 'session', 'The CDS Hooks client (issuer and JWK set) registered on a key'),
  'PUT /api/keys/:id/cds-client': doc('putCdsClient', 'CDS Hooks', 'session', 'Register or replace the CDS Hooks client of a key'),
  'DELETE /api/keys/:id/cds-client': doc('deleteCdsClient', 'CDS Hooks', 'session', 'Remove the CDS Hooks client of a key'),
  'GET /api/orgs': doc('listOrganisations', 'Organisations', 'session', 'The organisations you belong to, with your role'),
  'POST /api/orgs': doc('createOrganisation', 'Organisations', 'session', 'Create an organisation (you become its owner)'),
  'GET /api/orgs/:orgId': doc('getOrganisation', 'Organisations', 'session', 'One organisation'),
  'DELETE /api/orgs/:orgId': doc(
    'deleteOrganisation',
    'Organisations',
    'session',
    'Delete an organisation (owner only, confirmed by its name): every key revoked, invitations withdrawn, the audit chain kept',
  ),
  'PATCH /api/orgs/:orgId': doc('renameOrganisation', 'Organisations', 'session', 'Rename an organisation (owners and admins)'),
  'GET /api/orgs/:orgId/members': doc('listMembers', 'Organisations', 'session', 'Members and their roles'),
  'PATCH /api/orgs/:orgId/members/:accountId': doc('changeMemberRole', 'Organisations', 'session', 'Change a member’s role (owners and admins; never the owner’s)'),
  'DELETE /api/orgs/:orgId/members/:accountId': doc('removeMember', 'Organisations', 'session', 'Remove a member: their personal keys are revoked in the same transaction'),
  'POST /api/orgs/:orgId/leave': doc('leaveOrganisation', 'Organisations', 'session', 'Leave an organisation (your personal keys in it are revoked)'),
  'POST /api/orgs/:orgId/transfer-ownership': doc('transferOwnership', 'Organisations', 'session', 'Hand ownership (and the plan that applies) to another member'),
  'GET /api/orgs/:orgId/policy': doc('getKeyPolicy', 'Organisations', 'session', 'The organisation key policy'),
  'PUT /api/orgs/:orgId/policy': doc(
    'setKeyPolicy',
    'Organisations',
    'session',
    'Set the key policy: maximum lifetime, required IP allowlist, allowed scopes, organisation allowlist',
  ),
  'GET /api/orgs/:orgId/invitations': doc('listInvitations', 'Organisations', 'session', 'Pending and past invitations'),
  'POST /api/orgs/:orgId/invitations': doc('inviteMember', 'Organisations', 'session', 'Invite someone by email with a role (the link works once, for 7 days)'),
  'POST /api/orgs/:orgId/invitations/:invitationId/revoke': doc('withdrawInvitation', 'Organisations', 'session', 'Withdraw a pending invitation'),
  'POST /api/orgs/:orgId/invitations/:invitationId/resend': doc(
    'resendInvitation',
    'Organisations',
    'session',
    'Send a pending or expired invitation again with a new link (the old one stops working; once a minute)',
  ),
  'GET /api/orgs/:orgId/keys': doc('listOrganisationKeys', 'Projects', 'session', 'Every key of the organisation (never a secret)'),
  'POST /api/orgs/:orgId/keys': doc('createOrganisationKey', 'Projects', 'session', 'Create a personal or service key in a project; its secret is in this answer only'),
  'GET /api/orgs/:orgId/projects': doc('listProjects', 'Projects', 'session', 'Projects and their caps'),
  'POST /api/orgs/:orgId/projects': doc('createProject', 'Projects', 'session', 'Create a project, with rate and quota caps at or below the plan'),
  'PATCH /api/orgs/:orgId/projects/:projectId': doc('updateProject', 'Projects', 'session', 'Rename a project or change its caps'),
  'DELETE /api/orgs/:orgId/projects/:projectId': doc('deleteProject', 'Projects', 'session', 'Delete a project that has never held a key'),
  'GET /api/orgs/:orgId/usage': doc('getOrganisationUsage', 'Usage', 'session', 'Calls per day and per project of an organisation'),
  'GET /api/orgs/:orgId/audit': doc('listOrganisationAudit', 'Organisations', 'session', 'The organisation’s audit events, newest first, optionally for one project'),
  'GET /api/orgs/:orgId/audit/verify': doc('verifyOrganisationAudit', 'Organisations', 'session', 'Check the organisation’s audit hash chain (owners and admins)'),
  'POST /api/orgs/:orgId/keys/:id/revoke': doc('revokeOrganisationKey', 'Projects', 'session', 'Revoke a key of the organisation'),
  'POST /api/orgs/:orgId/keys/:id/roll': doc('rollOrganisationKey', 'Projects', 'session', 'Roll a key of the organisation, with a grace period for the old one'),
  'POST /api/invitations/lookup': doc('lookUpInvitation', 'Organisations', 'public', 'What an invitation link is for (organisation, role, address), before signing in'),
  'POST /api/invitations/accept': doc('acceptInvitation', 'Organisations', 'session', 'Accept an invitation addressed to the signed-in account'),
  'GET /api/orgs/:orgId/webhooks': doc('listOrganisationWebhookEndpoints', 'Webhooks', 'session', 'The organisation’s webhook endpoints (owners, admins, developers)'),
  'POST /api/orgs/:orgId/webhooks': doc(
    'createOrganisationWebhookEndpoint',
    'Webhooks',
    'session',
    'Add an endpoint to the organisation (owners and admins); its signing secret is in this answer only',
  ),
  'GET /api/orgs/:orgId/webhooks/:id': doc('getOrganisationWebhookEndpoint', 'Webhooks', 'session', 'One webhook endpoint of the organisation'),
  'PATCH /api/orgs/:orgId/webhooks/:id': doc('updateOrganisationWebhookEndpoint', 'Webhooks', 'session', 'Change an organisation endpoint’s address, events, or turn it on or off'),
  'DELETE /api/orgs/:orgId/webhooks/:id': doc('deleteOrganisationWebhookEndpoint', 'Webhooks', 'session', 'Delete an organisation’s webhook endpoint'),
  'POST /api/orgs/:orgId/webhooks/:id/rotate-secret': doc(
    'rotateOrganisationWebhookSecret',
    'Webhooks',
    'session',
    'Rotate an organisation endpoint’s signing secret (the new one is shown once)',
  ),
  'GET /api/orgs/:orgId/webhooks/:id/deliveries': doc('listOrganisationWebhookDeliveries', 'Webhooks', 'session', 'An organisation endpoint’s delivery log'),
  'POST /api/orgs/:orgId/webhooks/:id/test': doc('sendOrganisationTestWebhook', 'Webhooks', 'session', 'Send a signed test event to an organisation endpoint'),
  'GET /api/webhooks': doc('listWebhookEndpoints', 'Webhooks', 'session', 'The webhook endpoints of your own organisation (the one you own)'),
  'POST /api/webhooks': doc('createWebhookEndpoint', 'Webhooks', 'session', 'Add an endpoint to your own organisation; its signing secret is in this answer only'),
  'GET /api/webhooks/:id': doc('getWebhookEndpoint', 'Webhooks', 'session', 'One webhook endpoint'),
  'PATCH /api/webhooks/:id': doc('updateWebhookEndpoint', 'Webhooks', 'session', 'Change an endpoint’s address, events, or turn it on or off'),
  'DELETE /api/webhooks/:id': doc('deleteWebhookEndpoint', 'Webhooks', 'session', 'Delete a webhook endpoint'),
  'POST /api/webhooks/:id/rotate-secret': doc('rotateWebhookSecret', 'Webhooks', 'session', 'Rotate an endpoint’s signing secret (the new one is shown once)'),
  'GET /api/webhooks/:id/deliveries': doc('listWebhookDeliveries', 'Webhooks', 'session', 'The delivery log: attempts, status codes and retries'),
  'POST /api/webhooks/:id/test': doc('sendTestWebhook', 'Webhooks', 'session', 'Send a signed test event to an endpoint'),
  'GET /api/usage': doc('getUsage', 'Usage', 'session', 'Your calls per day, per key and per usage tag'),
  'GET /api/admin/accounts': doc('adminListAccounts', 'Internal admin', 'internal-admin', 'Search accounts'),
  'POST /api/admin/accounts/:id/suspend': doc('adminSuspendAccount', 'Internal admin', 'internal-admin', 'Suspend an account (its keys stop working on every instance)'),
  'POST /api/admin/accounts/:id/reactivate': doc('adminReactivateAccount', 'Internal admin', 'internal-admin', 'Reactivate a suspended account'),
  'GET /api/admin/accounts/:id/keys': doc('adminListAccountKeys', 'Internal admin', 'internal-admin', 'An account’s keys (never a secret)'),
  'PATCH /api/admin/keys/:id': doc('adminUpdateKey', 'Internal admin', 'internal-admin', 'Change any key, including limits above its plan (audited)'),
  'POST /api/admin/keys/:id/revoke': doc('adminRevokeKey', 'Internal admin', 'internal-admin', 'Revoke any key'),
  'POST /api/admin/keys/:id/roll': doc('adminRollKey', 'Internal admin', 'internal-admin', 'Roll any key, with a grace period for the old one'),
  'POST /api/admin/keys/:id/exposed': doc('adminReportExposedKey', 'Leak response', 'internal-admin', 'Report a leaked key: revoked at once, owner notified, audited'),
  'POST /api/secret-scanning/github': doc(
    'githubSecretScanningReport',
    'Leak response',
    'github-signature',
    'GitHub secret-scanning partner report: every verified Vigil key in it is revoked',
  ),
  'GET /api/admin/audit': doc('adminListAudit', 'Internal admin', 'internal-admin', 'The audit log, filtered'),
  'GET /api/admin/audit/verify': doc('adminVerifyAudit', 'Internal admin', 'internal-admin', 'Check one audit hash chain, or every chain'),
  'GET /api/admin/kb': doc('adminGetKnowledgeBase', 'Internal admin', 'internal-admin', 'The knowledge-base release that answers, with its counts'),
  'GET /api/admin/kb/releases': doc('adminListKbReleases', 'Internal admin', 'internal-admin', 'Stored knowledge-base releases'),
  'GET /api/admin/orgs': doc('adminListOrganisations', 'Internal admin', 'internal-admin', 'Search organisations by name, owner email or id, with their size and plan'),
  'GET /api/admin/orgs/:orgId': doc('adminGetOrganisation', 'Internal admin', 'internal-admin', 'One organisation: owner, plan and counts'),
  'GET /api/admin/orgs/:orgId/projects': doc('adminListProjects', 'Internal admin', 'internal-admin', 'Projects of any organisation, with their caps'),
  'GET /api/admin/orgs/:orgId/policy': doc('adminGetKeyPolicy', 'Internal admin', 'internal-admin', 'Any organisation’s key policy'),
  'GET /api/admin/orgs/:orgId/audit': doc('adminListOrganisationAudit', 'Internal admin', 'internal-admin', 'Any organisation’s audit events, newest first'),
  'GET /api/admin/orgs/:orgId/members': doc('adminListMembers', 'Internal admin', 'internal-admin', 'Members of any organisation'),
  'DELETE /api/admin/orgs/:orgId/members/:accountId': doc(
    'adminRemoveMember',
    'Internal admin',
    'internal-admin',
    'Remove a member from any organisation (their personal keys are revoked)',
  ),
  'POST /api/admin/orgs/:orgId/transfer-ownership': doc('adminTransferOwnership', 'Internal admin', 'internal-admin', 'Transfer any organisation’s ownership'),
  'PUT /api/admin/orgs/:orgId/policy': doc('adminSetKeyPolicy', 'Internal admin', 'internal-admin', 'Set any organisation’s key policy'),
  'POST /api/admin/kb/releases/:version/activate': doc(
    'adminActivateKbRelease',
    'Internal admin',
    'internal-admin',
    'Make a stored release the one that answers, on every instance',
  ),
  'POST /api/admin/kb/rollback': doc('adminRollbackKbRelease', 'Internal admin', 'internal-admin', 'Go back to the previous release'),
  'GET /api/cds/overrides': doc('getCdsOverrideReport', 'CDS Hooks', 'session', 'Which of your CDS cards clinicians overrode, and why'),
  'GET /api/admin/cds/overrides': doc('adminGetCdsOverrideReport', 'Internal admin', 'internal-admin', 'Overridden CDS cards across the deployment'),
};
