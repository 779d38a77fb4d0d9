import type { INestApplicationContext } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AccountEmailService } from '../accounts/account-email.service';
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

/** Marks an address verified without the emailed link (the operator vouches for it, e.g. with no SMTP set up). */
export async function accountsVerify(app: INestApplicationContext, args: ParsedArgs) {
  const account = await app.get(AccountsService).requireByEmail(requireFlag(args, 'email'));
  const already = account.emailVerifiedAt !== null;
  const updated = await app.get(AccountEmailService).markVerified(account.id, CLI_ACTOR);
  return {
    human: already ? `${updated.email} was already verified` : `${updated.email} is now verified`,
    json: { id: updated.id, email: updated.email, emailVerified: true, changed: !already },
  };
}

/** A one-time password-reset link for the operator to hand over (shown once; not emailed, not logged). */
export async function accountsResetLink(app: INestApplicationContext, args: ParsedArgs) {
  const account = await app.get(AccountsService).requireByEmail(requireFlag(args, 'email'));
  const { link, expiresInMinutes } = await app.get(AccountEmailService).resetLink(account.id, CLI_ACTOR);
  return {
    human: `password-reset link for ${account.email} (works once, expires in ${expiresInMinutes} minutes; shown once):\n${link}`,
    json: { id: account.id, email: account.email, link, expiresInMinutes },
  };
}
