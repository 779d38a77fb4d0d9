import type { INestApplicationContext } from '@nestjs/common';
import { AdminCdsOverridesQuerySchema, type AdminCdsOverrideReportResponse, validateWith } from '@vigil/contracts';
import { AccountsService } from '../accounts/accounts.service';
import { CdsOverrideReportService, OVERRIDE_ROW_LIMITS } from '../cds-overrides/cds-override-report.service';
import { CliUsageError } from './cli-usage.error';
import { type CsvCell, toCsv } from './csv-table';
import type { ParsedArgs } from './parse-args';
import { CDS_OVERRIDES_USAGE } from './cli-usage.text';

const FLAGS = new Set(['by', 'days', 'format', 'email']);
const FORMATS = ['csv', 'json'] as const;

/** The flags of `cds overrides`, checked before anything connects (a mistake is exit 2). */
export function cdsOverridesOptions(args: ParsedArgs): { by: 'rule' | 'account'; days: number; email?: string; format: (typeof FORMATS)[number] } {
  const unknown = Object.keys(args.flags).filter((f) => !FLAGS.has(f));
  if (unknown.length || args.positional.length)
    throw new CliUsageError(`unexpected ${unknown.length ? `--${unknown[0]}` : `"${args.positional[0]}"`}; usage: ${CDS_OVERRIDES_USAGE}`);
  for (const [name, value] of Object.entries(args.flags)) if (value === true) throw new CliUsageError(`--${name} needs a value`);
  const format = args.flags.format ?? 'csv';
  if (!(FORMATS as readonly string[]).includes(format as string)) throw new CliUsageError('--format must be csv or json');
  // The same bounds as GET /api/admin/cds/overrides: one schema.
  const parsed = validateWith(AdminCdsOverridesQuerySchema, { by: args.flags.by, days: args.flags.days });
  if (!parsed.success) throw new CliUsageError(parsed.errors.map((e) => `--${e.pointer.slice(1)}: ${e.message}`).join('; '));
  const email = args.flags.email as string | undefined;
  return { by: parsed.data.by, days: parsed.data.days, format: format as (typeof FORMATS)[number], ...(email ? { email } : {}) };
}

/** `cds overrides`: the override report per rule or per account and rule, as CSV (default) or one JSON document. */
export async function cdsOverrides(app: INestApplicationContext, args: ParsedArgs) {
  const o = cdsOverridesOptions(args);
  const accountId = o.email ? (await app.get(AccountsService).requireByEmail(o.email)).id : undefined;
  const report = await app.get(CdsOverrideReportService).forOperator({ by: o.by, days: o.days, accountId, limit: OVERRIDE_ROW_LIMITS.export });
  if (report.truncated) process.stderr.write(`warning: only the ${report.rows.length} most overridden rows are exported; narrow with --days or --email\n`);
  return { human: o.format === 'json' ? JSON.stringify(report) : overridesCsv(report), json: report };
}

function overridesCsv(report: AdminCdsOverrideReportResponse): string {
  const byAccount = report.by === 'account';
  const header = [...(byAccount ? ['accountId', 'accountEmail'] : []), 'ruleId', 'accepted', 'overridden', 'overrideRate', 'topReason', 'topReasonDisplay'];
  const rows = report.rows.map((r): CsvCell[] => [
    ...(byAccount ? [r.accountId, r.accountEmail] : []),
    r.ruleId,
    r.accepted,
    r.overridden,
    r.overrideRate === null ? null : Number(r.overrideRate.toFixed(4)),
    r.topReason,
    r.topReasonDisplay,
  ]);
  return toCsv(header, rows);
}
