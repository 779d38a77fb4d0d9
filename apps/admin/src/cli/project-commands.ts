import type { INestApplicationContext } from '@nestjs/common';
import { ProjectRequestSchema, UpdateProjectRequestSchema, type ProjectResponse } from '@vigil/contracts';
import { parseOrThrow } from '@vigil/platform';
import { OrganisationProjectsService } from '../organisations/organisation-projects.service';
import { CLI_ACTOR, requireFlag } from './account-commands';
import { CliUsageError } from './cli-usage.error';
import { parseRateLimit } from './key-commands';
import type { ParsedArgs } from './parse-args';
import { PROJECTS_USAGE } from './cli-usage.text';

function caps(args: ParsedArgs): { rateLimit?: { limit: number; windowSeconds: number } | null; monthlyQuota?: number | null } {
  const out: { rateLimit?: { limit: number; windowSeconds: number } | null; monthlyQuota?: number | null } = {};
  const rate = args.flags['rate-limit'];
  if (rate !== undefined) out.rateLimit = rate === 'none' ? null : parseRateLimit(rate);
  const quota = args.flags['monthly-quota'];
  if (quota !== undefined) {
    if (quota === 'none') out.monthlyQuota = null;
    else if (typeof quota === 'string' && /^\d+$/.test(quota)) out.monthlyQuota = Number(quota);
    else throw new CliUsageError('--monthly-quota must be a whole number or none');
  }
  return out;
}

const line = (p: ProjectResponse) =>
  `${p.id}  ${p.name}  rate ${p.rateLimit ? `${p.rateLimit.limit}/${p.rateLimit.windowSeconds}s` : 'plan'}  quota ${p.monthlyQuota ?? 'plan'}  ${p.activeKeys} active key(s)`;

export async function projectsList(app: INestApplicationContext, args: ParsedArgs) {
  const org = args.positional[0];
  if (!org) throw new CliUsageError(`usage: ${PROJECTS_USAGE.list}`);
  const projects = await app.get(OrganisationProjectsService).list(org, CLI_ACTOR);
  return { human: projects.map(line).join('\n'), json: { projects } };
}

export async function projectsCreate(app: INestApplicationContext, args: ParsedArgs) {
  const org = args.positional[0];
  if (!org) throw new CliUsageError(`usage: ${PROJECTS_USAGE.create}`);
  const dto = parseOrThrow(ProjectRequestSchema, { name: requireFlag(args, 'name'), ...caps(args) });
  const project = await app.get(OrganisationProjectsService).create(org, dto, CLI_ACTOR);
  return { human: `created project ${line(project)}`, json: project };
}

export async function projectsUpdate(app: INestApplicationContext, args: ParsedArgs) {
  const [org, id] = args.positional;
  if (!org || !id) throw new CliUsageError(`usage: ${PROJECTS_USAGE.update}`);
  const dto = parseOrThrow(UpdateProjectRequestSchema, { ...(typeof args.flags.name === 'string' ? { name: args.flags.name } : {}), ...caps(args) });
  const project = await app.get(OrganisationProjectsService).update(org, id, dto, CLI_ACTOR);
  return { human: `updated project ${line(project)}`, json: project };
}
