import type { INestApplicationContext } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AccountsService } from '../accounts/accounts.service';
import type { Actor } from '../common/actor';
import { CliUsageError } from './cli-usage.error';
import type { ParsedArgs } from './parse-args';

export const CLI_ACTOR: Actor = { type: 'cli', label: `cli:${process.env.USER ?? 'operator'}` };

export function requireFlag(args: ParsedArgs, name: string): string {
  const v = args.flags[name];
  if (typeof v !== 'string' || !v) throw new CliUsageError(`--${name} is required`);
  return v;
}

export async function accountsCreate(app: INestApplicationContext, args: ParsedArgs) {
  const accounts = app.get(AccountsService);
  const email = requireFlag(args, 'email');
  const given = typeof args.flags.password === 'string' ? args.flags.password : undefined;
  const password = given ?? randomBytes(18).toString('base64url');
  const account = await accounts.create({ email, password, role: args.flags.admin === true ? 'admin' : 'user' }, CLI_ACTOR);
  const view = accounts.view(account);
  return {
    human: `created ${view.role} account ${view.email} (${view.id})${given ? '' : `\ngenerated password (shown once): ${password}`}`,
    json: { id: view.id, email: view.email, role: view.role, plan: view.plan.id, trial: view.trial, ...(given ? {} : { password }) },
  };
}

export async function accountsSetStatus(app: INestApplicationContext, args: ParsedArgs, status: 'active' | 'suspended') {
  const accounts = app.get(AccountsService);
  const account = await accounts.requireByEmail(requireFlag(args, 'email'));
  const updated = await accounts.setStatus(account.id, status, CLI_ACTOR);
  return { human: `${updated.email} is now ${updated.status}`, json: { id: updated.id, email: updated.email, status: updated.status } };
}
