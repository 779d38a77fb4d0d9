import type { z } from 'zod';
import { AccountResponseSchema, AuthStatusResponseSchema, LoginResponseSchema } from '../accounts/account.response';
import { ChangePasswordRequestSchema, EmailRequestSchema, LoginRequestSchema, ResetPasswordRequestSchema, SignupRequestSchema, TokenRequestSchema } from '../accounts/auth.request';
import { ClientConfigResponseSchema } from '../config/client-config.response';
import { ApiKeyListResponseSchema, ApiKeyResponseSchema, CreatedApiKeyResponseSchema, RolledApiKeyResponseSchema } from '../keys/api-key.response';
import { RollApiKeyRequestSchema } from '../keys/roll-api-key.request';
import { CreateApiKeyRequestSchema } from '../keys/create-api-key.request';
import { UpdateApiKeyRequestSchema } from '../keys/update-api-key.request';
import { CdsClientRequestSchema, CdsClientResponseSchema } from '../cds-hooks/cds-client.request';
import { UsageResponseSchema } from '../usage/usage.response';
import { KeyExposureRequestSchema, SecretScanningReportSchema, SecretScanningResponseSchema } from '../keys/secret-scanning.request';
import { AdminCdsOverridesQuerySchema, CdsOverridesQuerySchema } from '../cds-hooks/cds-override-report.query';
import { AdminCdsOverrideReportResponseSchema, CdsOverrideReportResponseSchema } from '../cds-hooks/cds-override-report.response';
import { AuditQuerySchema, AuditVerifyQuerySchema, KbReleaseParamsSchema, ListAccountsQuerySchema, ListOrganisationsQuerySchema, UsageQuerySchema } from './admin-queries.request';
import { AdminOrganisationListResponseSchema, AdminOrganisationSchema } from '../organisations/admin-organisation.response';
import { CreateWebhookEndpointRequestSchema, UpdateWebhookEndpointRequestSchema, WebhookDeliveriesQuerySchema } from '../webhooks/webhook-endpoint.request';
import {
  WebhookDeliveryLogResponseSchema,
  WebhookEndpointListResponseSchema,
  WebhookEndpointResponseSchema,
  WebhookEndpointWithSecretResponseSchema,
  WebhookTestResponseSchema,
} from '../webhooks/webhook-endpoint.response';
import {
  ChangeMemberRoleRequestSchema,
  DeleteOrganisationRequestSchema,
  InviteMemberRequestSchema,
  OrgPolicyRequestSchema,
  OrganisationRequestSchema,
  TransferOwnershipRequestSchema,
} from '../organisations/organisation.request';
import {
  InvitationListResponseSchema,
  InvitationPreviewResponseSchema,
  InvitationResponseSchema,
  MemberRemovedResponseSchema,
  OrgPolicyResponseSchema,
  OrganisationDeletedResponseSchema,
  OrganisationListResponseSchema,
  OrganisationMemberListResponseSchema,
  OrganisationMemberResponseSchema,
  OrganisationResponseSchema,
} from '../organisations/organisation.response';
import { CreateOrgKeyRequestSchema, OrgAuditQuerySchema, OrgUsageQuerySchema, ProjectRequestSchema, UpdateProjectRequestSchema } from '../organisations/project.request';
import { OrgUsageResponseSchema, ProjectListResponseSchema, ProjectResponseSchema } from '../organisations/project.response';
import {
  AdminAccountKeysResponseSchema,
  AdminAccountListResponseSchema,
  AdminKbResponseSchema,
  AuditChainVerificationSchema,
  AuditEventListResponseSchema,
  AuditVerifyResponseSchema,
  KbReleaseListResponseSchema,
  KbSwitchResponseSchema,
} from './admin.response';

/** A JSON route of the admin app (dashboard API and internal admin API): the schemas its controller parses with and answers with. */
export interface AdminRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Route path as the router writes it. */
  path: string;
  /** Success status. */
  status: 200 | 201 | 202 | 204;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Absent for 204. */
  response?: z.ZodType;
  /** A third party's format (GitHub's secret-scanning report): fields it may add are accepted, not refused. */
  external?: true;
}

/** Every JSON route of the admin app. The admin e2e suites check each response they receive against it. */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { method: 'GET', path: '/api/config', status: 200, response: ClientConfigResponseSchema },
  { method: 'POST', path: '/api/auth/signup', status: 202, body: SignupRequestSchema, response: AuthStatusResponseSchema },
  { method: 'POST', path: '/api/auth/verify-email', status: 200, body: TokenRequestSchema, response: AuthStatusResponseSchema },
  { method: 'POST', path: '/api/auth/verify-email/resend', status: 202, response: AuthStatusResponseSchema },
  { method: 'POST', path: '/api/auth/password-reset', status: 202, body: EmailRequestSchema, response: AuthStatusResponseSchema },
  { method: 'POST', path: '/api/auth/password-reset/confirm', status: 200, body: ResetPasswordRequestSchema, response: AuthStatusResponseSchema },
  { method: 'POST', path: '/api/auth/login', status: 200, body: LoginRequestSchema, response: LoginResponseSchema },
  { method: 'POST', path: '/api/auth/logout', status: 204 },
  { method: 'GET', path: '/api/auth/me', status: 200, response: AccountResponseSchema },
  { method: 'POST', path: '/api/auth/password', status: 204, body: ChangePasswordRequestSchema },
  { method: 'GET', path: '/api/keys', status: 200, response: ApiKeyListResponseSchema },
  { method: 'POST', path: '/api/keys', status: 201, body: CreateApiKeyRequestSchema, response: CreatedApiKeyResponseSchema },
  { method: 'GET', path: '/api/keys/:id', status: 200, response: ApiKeyResponseSchema },
  { method: 'PATCH', path: '/api/keys/:id', status: 200, body: UpdateApiKeyRequestSchema, response: ApiKeyResponseSchema },
  { method: 'POST', path: '/api/keys/:id/revoke', status: 200, response: ApiKeyResponseSchema },
  { method: 'POST', path: '/api/keys/:id/roll', status: 201, body: RollApiKeyRequestSchema, response: RolledApiKeyResponseSchema },
  { method: 'GET', path: '/api/keys/:id/cds-client', status: 200, response: CdsClientResponseSchema },
  { method: 'PUT', path: '/api/keys/:id/cds-client', status: 200, body: CdsClientRequestSchema, response: CdsClientResponseSchema },
  { method: 'DELETE', path: '/api/keys/:id/cds-client', status: 204 },
  { method: 'GET', path: '/api/orgs', status: 200, response: OrganisationListResponseSchema },
  { method: 'POST', path: '/api/orgs', status: 201, body: OrganisationRequestSchema, response: OrganisationResponseSchema },
  { method: 'GET', path: '/api/orgs/:orgId', status: 200, response: OrganisationResponseSchema },
  { method: 'PATCH', path: '/api/orgs/:orgId', status: 200, body: OrganisationRequestSchema, response: OrganisationResponseSchema },
  { method: 'DELETE', path: '/api/orgs/:orgId', status: 200, body: DeleteOrganisationRequestSchema, response: OrganisationDeletedResponseSchema },
  { method: 'GET', path: '/api/orgs/:orgId/members', status: 200, response: OrganisationMemberListResponseSchema },
  { method: 'PATCH', path: '/api/orgs/:orgId/members/:accountId', status: 200, body: ChangeMemberRoleRequestSchema, response: OrganisationMemberResponseSchema },
  { method: 'DELETE', path: '/api/orgs/:orgId/members/:accountId', status: 200, response: MemberRemovedResponseSchema },
  { method: 'POST', path: '/api/orgs/:orgId/leave', status: 200, response: MemberRemovedResponseSchema },
  { method: 'POST', path: '/api/orgs/:orgId/transfer-ownership', status: 200, body: TransferOwnershipRequestSchema, response: OrganisationResponseSchema },
  { method: 'GET', path: '/api/orgs/:orgId/policy', status: 200, response: OrgPolicyResponseSchema },
  { method: 'PUT', path: '/api/orgs/:orgId/policy', status: 200, body: OrgPolicyRequestSchema, response: OrgPolicyResponseSchema },
  { method: 'GET', path: '/api/orgs/:orgId/invitations', status: 200, response: InvitationListResponseSchema },
  { method: 'POST', path: '/api/orgs/:orgId/invitations', status: 201, body: InviteMemberRequestSchema, response: InvitationResponseSchema },
  { method: 'POST', path: '/api/orgs/:orgId/invitations/:invitationId/revoke', status: 200, response: InvitationResponseSchema },
  { method: 'POST', path: '/api/orgs/:orgId/invitations/:invitationId/resend', status: 200, response: InvitationResponseSchema },
  { method: 'GET', path: '/api/orgs/:orgId/keys', status: 200, response: ApiKeyListResponseSchema },
  { method: 'POST', path: '/api/orgs/:orgId/keys', status: 201, body: CreateOrgKeyRequestSchema, response: CreatedApiKeyResponseSchema },
  { method: 'GET', path: '/api/orgs/:orgId/projects', status: 200, response: ProjectListResponseSchema },
  { method: 'POST', path: '/api/orgs/:orgId/projects', status: 201, body: ProjectRequestSchema, response: ProjectResponseSchema },
  { method: 'PATCH', path: '/api/orgs/:orgId/projects/:projectId', status: 200, body: UpdateProjectRequestSchema, response: ProjectResponseSchema },
  { method: 'DELETE', path: '/api/orgs/:orgId/projects/:projectId', status: 204 },
  { method: 'GET', path: '/api/orgs/:orgId/usage', status: 200, query: OrgUsageQuerySchema, response: OrgUsageResponseSchema },
  { method: 'GET', path: '/api/orgs/:orgId/audit', status: 200, query: OrgAuditQuerySchema, response: AuditEventListResponseSchema },
  { method: 'GET', path: '/api/orgs/:orgId/audit/verify', status: 200, response: AuditChainVerificationSchema },
  { method: 'POST', path: '/api/orgs/:orgId/keys/:id/revoke', status: 200, response: ApiKeyResponseSchema },
  { method: 'POST', path: '/api/orgs/:orgId/keys/:id/roll', status: 201, body: RollApiKeyRequestSchema, response: RolledApiKeyResponseSchema },
  { method: 'POST', path: '/api/invitations/lookup', status: 200, body: TokenRequestSchema, response: InvitationPreviewResponseSchema },
  { method: 'POST', path: '/api/invitations/accept', status: 200, body: TokenRequestSchema, response: OrganisationResponseSchema },
  { method: 'GET', path: '/api/orgs/:orgId/webhooks', status: 200, response: WebhookEndpointListResponseSchema },
  { method: 'POST', path: '/api/orgs/:orgId/webhooks', status: 201, body: CreateWebhookEndpointRequestSchema, response: WebhookEndpointWithSecretResponseSchema },
  { method: 'GET', path: '/api/orgs/:orgId/webhooks/:id', status: 200, response: WebhookEndpointResponseSchema },
  { method: 'PATCH', path: '/api/orgs/:orgId/webhooks/:id', status: 200, body: UpdateWebhookEndpointRequestSchema, response: WebhookEndpointResponseSchema },
  { method: 'DELETE', path: '/api/orgs/:orgId/webhooks/:id', status: 204 },
  { method: 'POST', path: '/api/orgs/:orgId/webhooks/:id/rotate-secret', status: 200, response: WebhookEndpointWithSecretResponseSchema },
  { method: 'GET', path: '/api/orgs/:orgId/webhooks/:id/deliveries', status: 200, query: WebhookDeliveriesQuerySchema, response: WebhookDeliveryLogResponseSchema },
  { method: 'POST', path: '/api/orgs/:orgId/webhooks/:id/test', status: 202, response: WebhookTestResponseSchema },
  { method: 'GET', path: '/api/webhooks', status: 200, response: WebhookEndpointListResponseSchema },
  { method: 'POST', path: '/api/webhooks', status: 201, body: CreateWebhookEndpointRequestSchema, response: WebhookEndpointWithSecretResponseSchema },
  { method: 'GET', path: '/api/webhooks/:id', status: 200, response: WebhookEndpointResponseSchema },
  { method: 'PATCH', path: '/api/webhooks/:id', status: 200, body: UpdateWebhookEndpointRequestSchema, response: WebhookEndpointResponseSchema },
  { method: 'DELETE', path: '/api/webhooks/:id', status: 204 },
  { method: 'POST', path: '/api/webhooks/:id/rotate-secret', status: 200, response: WebhookEndpointWithSecretResponseSchema },
  { method: 'GET', path: '/api/webhooks/:id/deliveries', status: 200, query: WebhookDeliveriesQuerySchema, response: WebhookDeliveryLogResponseSchema },
  { method: 'POST', path: '/api/webhooks/:id/test', status: 202, response: WebhookTestResponseSchema },
  { method: 'GET', path: '/api/usage', status: 200, query: UsageQuerySchema, response: UsageResponseSchema },
  { method: 'GET', path: '/api/admin/accounts', status: 200, query: ListAccountsQuerySchema, response: AdminAccountListResponseSchema },
  { method: 'POST', path: '/api/admin/accounts/:id/suspend', status: 200, response: AccountResponseSchema },
  { method: 'POST', path: '/api/admin/accounts/:id/reactivate', status: 200, response: AccountResponseSchema },
  { method: 'GET', path: '/api/admin/accounts/:id/keys', status: 200, response: AdminAccountKeysResponseSchema },
  { method: 'PATCH', path: '/api/admin/keys/:id', status: 200, body: UpdateApiKeyRequestSchema, response: ApiKeyResponseSchema },
  { method: 'POST', path: '/api/admin/keys/:id/revoke', status: 200, response: ApiKeyResponseSchema },
  { method: 'POST', path: '/api/admin/keys/:id/roll', status: 201, body: RollApiKeyRequestSchema, response: RolledApiKeyResponseSchema },
  { method: 'POST', path: '/api/admin/keys/:id/exposed', status: 200, body: KeyExposureRequestSchema, response: ApiKeyResponseSchema },
  { method: 'POST', path: '/api/secret-scanning/github', status: 200, body: SecretScanningReportSchema, response: SecretScanningResponseSchema, external: true },
  { method: 'GET', path: '/api/admin/audit', status: 200, query: AuditQuerySchema, response: AuditEventListResponseSchema },
  { method: 'GET', path: '/api/admin/audit/verify', status: 200, query: AuditVerifyQuerySchema, response: AuditVerifyResponseSchema },
  { method: 'GET', path: '/api/admin/kb', status: 200, response: AdminKbResponseSchema },
  { method: 'GET', path: '/api/admin/kb/releases', status: 200, response: KbReleaseListResponseSchema },
  { method: 'GET', path: '/api/admin/orgs', status: 200, query: ListOrganisationsQuerySchema, response: AdminOrganisationListResponseSchema },
  { method: 'GET', path: '/api/admin/orgs/:orgId', status: 200, response: AdminOrganisationSchema },
  { method: 'GET', path: '/api/admin/orgs/:orgId/members', status: 200, response: OrganisationMemberListResponseSchema },
  { method: 'GET', path: '/api/admin/orgs/:orgId/projects', status: 200, response: ProjectListResponseSchema },
  { method: 'GET', path: '/api/admin/orgs/:orgId/policy', status: 200, response: OrgPolicyResponseSchema },
  { method: 'GET', path: '/api/admin/orgs/:orgId/audit', status: 200, query: OrgAuditQuerySchema, response: AuditEventListResponseSchema },
  { method: 'DELETE', path: '/api/admin/orgs/:orgId/members/:accountId', status: 200, response: MemberRemovedResponseSchema },
  { method: 'POST', path: '/api/admin/orgs/:orgId/transfer-ownership', status: 200, body: TransferOwnershipRequestSchema, response: OrganisationResponseSchema },
  { method: 'PUT', path: '/api/admin/orgs/:orgId/policy', status: 200, body: OrgPolicyRequestSchema, response: OrgPolicyResponseSchema },
  { method: 'POST', path: '/api/admin/kb/releases/:version/activate', status: 200, params: KbReleaseParamsSchema, response: KbSwitchResponseSchema },
  { method: 'POST', path: '/api/admin/kb/rollback', status: 200, response: KbSwitchResponseSchema },
  { method: 'GET', path: '/api/cds/overrides', status: 200, query: CdsOverridesQuerySchema, response: CdsOverrideReportResponseSchema },
  { method: 'GET', path: '/api/admin/cds/overrides', status: 200, query: AdminCdsOverridesQuerySchema, response: AdminCdsOverrideReportResponseSchema },
];
