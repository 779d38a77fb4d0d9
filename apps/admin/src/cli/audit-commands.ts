import { AuditChainRepository, type AuditVerification, organisationAuditChain } from '@vigil/db';
import type { DataSource } from 'typeorm';
import { ProblemException } from '@vigil/platform';
import { CliUsageError } from './cli-usage.error';
import type { CliOutput } from './kb-commands';
import type { ParsedArgs } from './parse-args';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one chain `--chain C` or `--org ORG` names (an organisation id, as the `orgs` commands take it; a deleted
 * organisation's chain included), or undefined for every chain.
 */
async function chainOf(ds: DataSource, args: ParsedArgs): Promise<string | undefined> {
  const c = args.flags.chain;
  const org = args.flags.org;
  if (c !== undefined && org !== undefined) throw new CliUsageError('give --chain or --org, not both');
  if (org !== undefined) {
    if (typeof org !== 'string' || !UUID.test(org)) throw new CliUsageError('--org must be an organisation id (see orgs list)');
    const found: unknown[] = await ds.query(`SELECT 1 FROM organisation WHERE id = $1`, [org]);
    if (!found.length) throw new ProblemException('NotFound', { detail: `No organisation ${org}.` });
    return organisationAuditChain(org.toLowerCase());
  }
  if (c === undefined) return undefined;
  if (typeof c !== 'string' || !/^[\w.:-]{1,100}$/.test(c)) throw new CliUsageError('--chain must name a chain (letters, digits, . : _ -)');
  return c;
}

/** `audit verify`: every chain (or one: `--chain`, `--org`), from its first event; exit 1 when one is broken. */
export async function auditVerify(ds: DataSource, args: ParsedArgs): Promise<CliOutput & { exitCode?: number }> {
  const repo = new AuditChainRepository(ds);
  const one = await chainOf(ds, args);
  const chains = one ? [one] : await repo.chains();
  const results: AuditVerification[] = [];
  for (const chain of chains) results.push(await repo.verify(chain));
  const broken = results.filter((r) => !r.ok);
  const line = (r: AuditVerification) =>
    r.ok
      ? `chain ${r.chain}: ${r.events.toLocaleString('en-US')} events, intact${r.head ? `; head: event ${r.head.seq}, hash ${r.head.hash} (keep it elsewhere to detect a cut tail)` : ''}`
      : `chain ${r.chain}: BROKEN at event ${r.seq}: ${r.problem} (${r.events.toLocaleString('en-US')} events verified before it)`;
  return {
    human: results.length ? results.map(line).join('\n') : 'no audit events yet',
    json: { ok: broken.length === 0, chains: results },
    ...(broken.length ? { exitCode: 1 } : {}),
  };
}

/**
 * `audit export`: JSON lines on stdout, one event per line with its position and hashes, oldest first; written as
 * they are read, so a large log does not sit in memory. `--after-seq N` continues an earlier export. With `--json`,
 * one document instead.
 */
export async function auditExport(ds: DataSource, args: ParsedArgs, json: boolean): Promise<CliOutput & { streamed?: boolean }> {
  const chain = await chainOf(ds, args);
  const rawAfter = args.flags['after-seq'];
  const afterSeq = rawAfter === undefined ? undefined : typeof rawAfter === 'string' && /^\d{1,15}$/.test(rawAfter) ? Number(rawAfter) : NaN;
  if (Number.isNaN(afterSeq)) throw new CliUsageError('--after-seq must be a whole number');
  const rawSince = args.flags.since;
  const since = rawSince === undefined ? undefined : typeof rawSince === 'string' && !Number.isNaN(Date.parse(rawSince)) ? new Date(rawSince) : null;
  if (since === null) throw new CliUsageError('--since must be an ISO 8601 date or time');
  const repo = new AuditChainRepository(ds);
  const chains = chain ? [chain] : await repo.chains();
  const collected: unknown[] = [];
  for (const c of chains) {
    for await (const e of repo.events(c, { afterSeq, ...(since ? { since } : {}) })) {
      if (json) collected.push(e);
      else if (!process.stdout.write(`${JSON.stringify(e)}\n`)) await new Promise((r) => process.stdout.once('drain', r));
    }
  }
  return json ? { human: '', json: { events: collected } } : { human: '', json: null, streamed: true };
}
