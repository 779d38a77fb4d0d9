import { z } from 'zod';
import { OrganisationResponseSchema } from './organisation.response';

/**
 * An organisation as the internal admin sees it (`GET /api/admin/orgs`, `GET /api/admin/orgs/:orgId`): the member's
 * view (`role` is `owner`, as the operator acts) with its size and the owner's plan, which every key of it uses.
 */
export const AdminOrganisationSchema = OrganisationResponseSchema.extend({
  projectCount: z.int(),
  keyCount: z.int().describe('Active keys (not revoked, not expired), personal and service'),
  plan: z.object({ id: z.string(), name: z.string() }).describe('The owner’s effective plan (a running trial included)'),
}).meta({ id: 'AdminOrganisation' });
export type AdminOrganisation = z.infer<typeof AdminOrganisationSchema>;

/** `GET /api/admin/orgs?q=&limit=&offset=`: newest first. */
export const AdminOrganisationListResponseSchema = z
  .object({ organisations: z.array(AdminOrganisationSchema), total: z.int(), limit: z.int(), offset: z.int() })
  .meta({ id: 'AdminOrganisationList' });
export type AdminOrganisationListResponse = z.infer<typeof AdminOrganisationListResponseSchema>;
