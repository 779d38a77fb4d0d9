import type { INestApplicationContext } from '@nestjs/common';
import { OrgAuditQuerySchema, OrgUsageQuerySchema } from '@vigil/contracts';
import { parseOrThrow } from '@vigil/platform';
import { OrganisationActivityService } from '../organisations/organisation-activity.service';
import { CLI_ACTOR } from './account-commands';
import { CliUsageError } from './cli-usage.error';
import type { ParsedArgs } from './parse-args';
import { ORG_ACTIVITY_USAGE } from './cli-usage.text';

const flag = (args: ParsedArgs, name: string) => (typeof args.flags[name] === 'string' ? args.flags[name] : undefined);

export async function orgsUsage(app: INestApplicationContext, args: ParsedArgs) {
  const org = args.positional[0];
  if (!org) throw new CliUsageError(`usage: ${ORG_ACTIVITY_USAGE.usage}`);
  const q = parseOrThrow(OrgUsageQuerySchema, {
    ...(flag(args, 'days') ? { days: flag(args, 'days') } : {}),
    ...(flag(args, 'project') ? { projectId: flag(args, 'project') } : {}),
  });
  const usage = await app.get(OrganisationActivityService).usage(org, q, CLI_ACTOR);
  return { human: usage.projects.map((p) => `${p.projectId}  ${p.name}  allowed ${p.allowed}  rate-limited ${p.rateLimited}  denied ${p.denied}`).join('\n'), json: usage };
}

export async function orgsAudit(app: INestApplicationContext, args: ParsedArgs) {
  const org = args.positional[0];
  if (!org) throw new CliUsageError(`usage: ${ORG_ACTIVITY_USAGE.audit}`);
  const q = parseOrThrow(OrgAuditQuerySchema, {
    ...(flag(args, 'limit') ? { limit: flag(args, 'limit') } : {}),
    ...(flag(args, 'project') ? { projectId: flag(args, 'project') } : {}),
  });
  const page = await app.get(OrganisationActivityService).audit(org, q, CLI_ACTOR);
  return {
    human: page.events.map((e) => `${e.createdAt}  ${e.action.padEnd(32)}  ${e.actor.label ?? e.actor.type}  ${e.target.type}:${e.target.id ?? ''}`).join('\n') || '(no events)',
    json: page,
  };
}
