import type { INestApplicationContext } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { UsageService } from '../usage/usage.service';
import { requireFlag } from './account-commands';
import { CliUsageError } from './cli-usage.error';
import { toCsv } from './csv-table';
import type { ParsedArgs } from './parse-args';

/** Checked before anything connects: a usage mistake exits 2 at once. */
export function usageTagsOptions(args: ParsedArgs): { email: string; days: number; format: 'csv' | 'json' } {
  const email = requireFlag(args, 'email');
  const rawDays = args.flags.days ?? '30';
  const days = typeof rawDays === 'string' && /^\d{1,3}$/.test(rawDays) ? Number(rawDays) : NaN;
  if (!(days >= 1 && days <= 365)) throw new CliUsageError('--days must be a whole number from 1 to 365');
  const format = args.flags.format ?? 'csv';
  if (format !== 'csv' && format !== 'json') throw new CliUsageError('--format must be csv or json');
  return { email, days, format };
}

/**
 * `usage tags`: an account's calls per usage tag over the last N UTC days, with the untagged rest, as CSV (header
 * row, RFC 4180) or the dashboard's JSON.
 */
export async function usageTags(app: INestApplicationContext, args: ParsedArgs) {
  const o = usageTagsOptions(args);
  const account = await app.get(AccountsService).requireByEmail(o.email);
  const usage = await app.get(UsageService).forAccount(account, o.days);
  const json = { email: account.email, from: usage.from, to: usage.to, totals: usage.totals, tags: usage.tags, untaggedAllowed: usage.untaggedAllowed };
  if (o.format === 'json' || args.flags.json === true) return { human: JSON.stringify(json), json };
  const rows = [...usage.tags.map((t) => [t.tag, t.allowed, t.rateLimited] as const), ['(untagged)', usage.untaggedAllowed, null] as const];
  return { human: toCsv(['tag', 'allowed', 'rate_limited'], rows), json };
}
