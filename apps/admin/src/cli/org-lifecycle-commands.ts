import type { INestApplicationContext } from '@nestjs/common';
import { DeleteOrganisationRequestSchema } from '@vigil/contracts';
import { parseOrThrow } from '@vigil/platform';
import { OrganisationInvitationsService } from '../organisations/organisation-invitations.service';
import { OrganisationsService } from '../organisations/organisations.service';
import { CLI_ACTOR, requireFlag } from './account-commands';
import { CliUsageError } from './cli-usage.error';
import type { ParsedArgs } from './parse-args';
import { ORGS_USAGE } from './cli-usage.text';

/** `orgs delete ORG --confirm NAME`: the operator deletes an organisation, its name typed again as the confirmation. */
export async function orgsDelete(app: INestApplicationContext, args: ParsedArgs) {
  const org = args.positional[0];
  if (!org) throw new CliUsageError(`usage: ${ORGS_USAGE.delete}`);
  const { confirm } = parseOrThrow(DeleteOrganisationRequestSchema, { confirm: requireFlag(args, 'confirm') });
  const deleted = await app.get(OrganisationsService).delete(org, confirm, CLI_ACTOR);
  return {
    human: `deleted ${deleted.name} (${deleted.id}); revoked ${deleted.revokedKeyIds.length} key(s), withdrew ${deleted.withdrawnInvitationIds.length} invitation(s)`,
    json: deleted,
  };
}

/** `orgs invite-resend ORG INVITATION`: the operator resent it, so it may print the new link (shown once). */
export async function orgsInviteResend(app: INestApplicationContext, args: ParsedArgs) {
  const [org, invitationId] = args.positional;
  if (!org || !invitationId) throw new CliUsageError(`usage: ${ORGS_USAGE.resend}`);
  const { invitation, link } = await app.get(OrganisationInvitationsService).resend(org, invitationId, CLI_ACTOR);
  return {
    human: `resent the invitation to ${invitation.email} (expires ${invitation.expiresAt}); the previous link no longer works\n${link}\nHand this link over now: it is shown only once.`,
    json: { ...invitation, link },
  };
}
