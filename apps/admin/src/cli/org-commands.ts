import type { INestApplicationContext } from '@nestjs/common';
import { InviteMemberRequestSchema, OrgPolicyRequestSchema, OrganisationRequestSchema, type OrgPolicyRequest, type OrgPolicyResponse } from '@vigil/contracts';
import { parseOrThrow } from '@vigil/platform';
import { AccountsService } from '../accounts/accounts.service';
import { OrganisationInvitationsService } from '../organisations/organisation-invitations.service';
import { OrganisationsService } from '../organisations/organisations.service';
import { CLI_ACTOR, requireFlag } from './account-commands';
import { CliUsageError } from './cli-usage.error';
import { parseDurationSeconds } from './cli-duration.parser';
import type { ParsedArgs } from './parse-args';
import { ORGS_USAGE } from './cli-usage.text';

function orgArg(args: ParsedArgs, usage: string): string {
  const org = args.positional[0];
  if (!org) throw new CliUsageError(`usage: ${usage}`);
  return org;
}

export async function orgsList(app: INestApplicationContext, args: ParsedArgs) {
  const email = typeof args.flags.email === 'string' ? args.flags.email : undefined;
  const orgs = email ? await app.get(OrganisationsService).listFor((await app.get(AccountsService).requireByEmail(email)).id) : await app.get(OrganisationsService).listAll();
  return {
    human: orgs.length ? orgs.map((o) => `${o.id}  ${o.name}  owner ${o.owner.email}  ${o.memberCount} member(s)${email ? `  (${o.role})` : ''}`).join('\n') : '(no organisations)',
    json: { organisations: orgs },
  };
}

export async function orgsCreate(app: INestApplicationContext, args: ParsedArgs) {
  const { name } = parseOrThrow(OrganisationRequestSchema, { name: requireFlag(args, 'name') });
  const owner = await app.get(AccountsService).requireByEmail(requireFlag(args, 'owner'));
  const org = await app.get(OrganisationsService).create(owner.id, name, CLI_ACTOR);
  return { human: `created organisation ${org.id} "${org.name}" owned by ${owner.email}`, json: org };
}

export async function orgsMembers(app: INestApplicationContext, args: ParsedArgs) {
  const members = await app.get(OrganisationsService).members(orgArg(args, ORGS_USAGE.members), CLI_ACTOR);
  return { human: members.map((m) => `${m.accountId}  ${m.role.padEnd(9)}  ${m.email}`).join('\n'), json: { members } };
}

/** The operator created the invitation, so it may print the link: it is the one place the token is shown. */
export async function orgsInvite(app: INestApplicationContext, args: ParsedArgs) {
  const dto = parseOrThrow(InviteMemberRequestSchema, { email: requireFlag(args, 'email'), role: requireFlag(args, 'role') });
  const { invitation, link } = await app.get(OrganisationInvitationsService).invite(orgArg(args, ORGS_USAGE.invite), dto, CLI_ACTOR);
  return {
    human: `invited ${invitation.email} as ${invitation.role} (expires ${invitation.expiresAt})\n${link}\nHand this link over now: it is shown only once.`,
    json: { ...invitation, link },
  };
}

export async function orgsInvitations(app: INestApplicationContext, args: ParsedArgs) {
  const invitations = await app.get(OrganisationInvitationsService).list(orgArg(args, ORGS_USAGE.invitations), CLI_ACTOR);
  return {
    human: invitations.length ? invitations.map((i) => `${i.id}  ${i.status.padEnd(8)}  ${i.role.padEnd(9)}  ${i.email}  expires ${i.expiresAt}`).join('\n') : '(no invitations)',
    json: { invitations },
  };
}

export async function orgsRemoveMember(app: INestApplicationContext, args: ParsedArgs) {
  const org = orgArg(args, ORGS_USAGE.remove);
  const account = await app.get(AccountsService).requireByEmail(requireFlag(args, 'email'));
  const removed = await app.get(OrganisationsService).removeMember(org, account.id, CLI_ACTOR);
  return { human: `removed ${account.email}; revoked ${removed.revokedKeyIds.length} personal key(s)`, json: removed };
}

export async function orgsTransfer(app: INestApplicationContext, args: ParsedArgs) {
  const org = orgArg(args, ORGS_USAGE.transfer);
  const account = await app.get(AccountsService).requireByEmail(requireFlag(args, 'to'));
  const view = await app.get(OrganisationsService).transferOwnership(org, account.id, CLI_ACTOR);
  return { human: `${view.name} is now owned by ${view.owner.email}`, json: view };
}

const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Flags over the current policy: only the ones given change. */
export function policyFromFlags(current: OrgPolicyRequest, flags: ParsedArgs['flags']): OrgPolicyRequest {
  const next = { ...current };
  const text = (name: string) => {
    const v = flags[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || !v) throw new CliUsageError(`--${name} needs a value`);
    return v;
  };
  const life = text('max-lifetime');
  if (life !== undefined) {
    const seconds = life === 'none' ? null : parseDurationSeconds(life);
    if (life !== 'none' && seconds === null) throw new CliUsageError('--max-lifetime must be a duration (90d, 24h) or none');
    next.maxKeyLifetimeSeconds = seconds;
  }
  const req = text('require-allowlist');
  if (req !== undefined) {
    if (req !== 'yes' && req !== 'no') throw new CliUsageError('--require-allowlist must be yes or no');
    next.requireIpAllowlist = req === 'yes';
  }
  const scopes = text('scopes');
  if (scopes !== undefined) next.allowedScopes = scopes === 'any' ? null : list(scopes);
  const ips = text('allow-ip');
  if (ips !== undefined) next.allowedIps = ips === 'none' ? [] : list(ips);
  return parseOrThrow(OrgPolicyRequestSchema, next);
}

export async function orgsPolicy(app: INestApplicationContext, args: ParsedArgs) {
  const org = orgArg(args, ORGS_USAGE.policy);
  const service = app.get(OrganisationsService);
  const current = await service.policy(org, CLI_ACTOR);
  const changing = ['max-lifetime', 'require-allowlist', 'scopes', 'allow-ip'].some((f) => args.flags[f] !== undefined);
  const { nonCompliantKeys: _ignored, ...fields } = current;
  const view: OrgPolicyResponse = changing ? await service.setPolicy(org, policyFromFlags(fields, args.flags), CLI_ACTOR) : current;
  return {
    human: [
      `max key lifetime: ${view.maxKeyLifetimeSeconds === null ? 'none' : `${view.maxKeyLifetimeSeconds} s`}`,
      `IP allowlist required: ${view.requireIpAllowlist ? 'yes' : 'no'}`,
      `allowed scopes: ${view.allowedScopes === null ? 'any' : view.allowedScopes.join(', ') || '(none)'}`,
      `organisation IP allowlist: ${view.allowedIps.join(', ') || 'none'}`,
      `active keys not complying (refused on every call): ${view.nonCompliantKeys}`,
    ].join('\n'),
    json: view,
  };
}
