import type { INestApplicationContext } from '@nestjs/common';
import { type ApiKeyResponse, CreateApiKeyRequestSchema, KeyExposureRequestSchema, RollApiKeyRequestSchema } from '@vigil/contracts';
import { parseOrThrow } from '@vigil/platform';
import { AccountsService } from '../accounts/accounts.service';
import { KeyExposureService } from '../keys/key-exposure.service';
import { KeysService } from '../keys/keys.service';
import { CLI_ACTOR, requireFlag } from './account-commands';
import { CliUsageError } from './cli-usage.error';
import { parseDurationSeconds } from './cli-duration.parser';
import type { ParsedArgs } from './parse-args';

const list = (v: string | true | undefined) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;

/** `--rate-limit 100/60s` (or `100/60`). */
export function parseRateLimit(v: string | true | undefined): { limit: number; windowSeconds: number } | undefined {
  if (v === undefined) return undefined;
  const m = typeof v === 'string' ? /^(\d+)\/(\d+)s?$/.exec(v) : null;
  if (!m) throw new CliUsageError('--rate-limit must look like N/SECONDSs, e.g. 100/60s');
  return { limit: Number(m[1]), windowSeconds: Number(m[2]) };
}

export async function keysCreate(app: INestApplicationContext, args: ParsedArgs) {
  const account = await app.get(AccountsService).requireByEmail(requireFlag(args, 'email'));
  const dto = parseOrThrow(CreateApiKeyRequestSchema, {
    label: requireFlag(args, 'label'),
    scopes: list(args.flags.scopes),
    allowedIps: list(args.flags['allow-ip']),
    rateLimit: parseRateLimit(args.flags['rate-limit']),
    expiresAt: typeof args.flags.expires === 'string' ? args.flags.expires : undefined,
    usageTag: typeof args.flags.tag === 'string' ? args.flags.tag : undefined,
  });
  // Without --org: the first organisation the account owns, its first project (as before organisations).
  const org = typeof args.flags.org === 'string' ? args.flags.org : undefined;
  const project = typeof args.flags.project === 'string' ? args.flags.project : undefined;
  if (!org && (project || args.flags.service)) throw new CliUsageError('--project and --service need --org');
  const created = await app.get(KeysService).create(account.id, dto, CLI_ACTOR, {
    ...(org ? { organisationId: org } : {}),
    ...(project ? { projectId: project } : {}),
    kind: args.flags.service === true ? 'service' : 'personal',
  });
  return {
    human: `created ${created.kind} key ${created.id} "${created.label}" for ${account.email}\n${created.key}\nStore it now: it is shown only once.`,
    json: created,
  };
}

export async function keysList(app: INestApplicationContext, args: ParsedArgs) {
  const account = await app.get(AccountsService).requireByEmail(requireFlag(args, 'email'));
  const keys = await app.get(KeysService).list({ accountId: account.id });
  return {
    human: keys.length ? keys.map((k) => `${k.id}  ${k.hint}  ${k.status.padEnd(7)}  ${k.label}${rotationText(k)}`).join('\n') : '(no keys)',
    json: { keys },
  };
}

/** A key's part in a roll, for `keys list`: "rotating → ID until …", "replaced by ID", "replaces ID". */
function rotationText(k: ApiKeyResponse): string {
  const r = k.rotation;
  if (!r) return '';
  if (r.successorId) return r.state === 'grace' ? `  (rotating → ${r.successorId}, valid until ${r.graceEndsAt})` : `  (replaced by ${r.successorId})`;
  return `  (replaces ${r.predecessorId})`;
}

export async function keysRevoke(app: INestApplicationContext, args: ParsedArgs) {
  const id = args.positional[0];
  if (!id) throw new CliUsageError('usage: keys revoke ID');
  const key = await app.get(KeysService).revoke({ accountId: null }, id, CLI_ACTOR);
  return { human: `key ${key.id} (${key.hint}) is ${key.status}`, json: key };
}

/** `keys exposed ID|KEY [--source S] [--url U]`: revoke a leaked key at once, audit the report, email its owner. */
export async function keysExposed(app: INestApplicationContext, args: ParsedArgs) {
  const target = args.positional[0];
  if (!target) throw new CliUsageError('usage: keys exposed ID|KEY [--source S] [--url U]');
  const report = parseOrThrow(KeyExposureRequestSchema, {
    source: typeof args.flags.source === 'string' ? args.flags.source : undefined,
    url: typeof args.flags.url === 'string' ? args.flags.url : undefined,
  });
  const key = await app.get(KeyExposureService).reportKey(target, report, CLI_ACTOR);
  return { human: `key ${key.id} (${key.hint}) reported exposed: ${key.status}; its owner has been notified`, json: key };
}

/** `--grace 24h`: a duration flag in seconds (`0`, `90s`, `30m`, `24h`, `7d`). */
function durationFlag(args: ParsedArgs, name: string): number | undefined {
  const v = args.flags[name];
  if (v === undefined) return undefined;
  const seconds = typeof v === 'string' ? parseDurationSeconds(v) : null;
  if (seconds === null) throw new CliUsageError(`--${name} must be a duration: 0, 90s, 30m, 24h or 7d`);
  return seconds;
}

/** `keys roll ID --grace 24h [--idle 1h]`: a successor (shown once) and the old key kept for the grace period. */
export function keysRollOptions(args: ParsedArgs) {
  const id = args.positional[0];
  const grace = durationFlag(args, 'grace');
  if (!id || grace === undefined) throw new CliUsageError('usage: keys roll ID --grace DURATION [--idle DURATION]');
  return { id, dto: parseOrThrow(RollApiKeyRequestSchema, { gracePeriodSeconds: grace, idleSeconds: durationFlag(args, 'idle') }) };
}

export async function keysRoll(app: INestApplicationContext, args: ParsedArgs) {
  const { id, dto } = keysRollOptions(args);
  const rolled = await app.get(KeysService).roll({ accountId: null }, id, dto, CLI_ACTOR);
  const old = rolled.previous;
  const until =
    old.status === 'active'
      ? `keeps working until ${old.rotation?.graceEndsAt} (earlier once the new key is used and the old one idle ${old.rotation?.idleSeconds} s)`
      : `is ${old.status}`;
  return {
    human: `rolled key ${old.id} (${old.hint}) → ${rolled.successor.id} "${rolled.successor.label}"\n${rolled.successor.key}\nStore it now: it is shown only once. The old key ${until}.`,
    json: rolled,
  };
}
