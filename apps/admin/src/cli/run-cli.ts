import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createDataSource, locateDatabase, migrationStatus } from '@vigil/db';
import { ConfigError, ProblemException, loadConfig } from '@vigil/platform';
import { adminEnvSchema } from '../config/admin-env.schema';
import { accountsCreate, accountsResetLink, accountsSetStatus, accountsVerify } from './account-commands';
import { CDS_OVERRIDES_USAGE, cdsOverrides, cdsOverridesOptions } from './cds-commands';
import { CliModule } from './cli.module';
import { CliUsageError } from './cli-usage.error';
import { keysCreate, keysExposed, keysList, keysRevoke, keysRoll, keysRollOptions } from './key-commands';
import { ORGS_USAGE, orgsCreate, orgsInvitations, orgsInvite, orgsList, orgsMembers, orgsPolicy, orgsRemoveMember, orgsTransfer } from './org-commands';
import { ORG_ACTIVITY_USAGE, orgsAudit, orgsUsage } from './org-activity-commands';
import { PROJECTS_USAGE, projectsCreate, projectsList, projectsUpdate } from './project-commands';
import { USAGE_TAGS_USAGE, usageTags, usageTagsOptions } from './usage-commands';
import { AUDIT_EXPORT_USAGE, AUDIT_VERIFY_USAGE, auditExport, auditVerify } from './audit-commands';
import { kbActivate, kbDiff, kbList, kbRollback } from './kb-commands';
import { KB_IMPORT_USAGE, kbImport } from './kb-import.command';
import { WEBHOOKS_DELIVERIES_USAGE, WEBHOOKS_LIST_USAGE, webhooksDeliveries, webhooksList } from './webhook-commands';
import type { DataSource } from 'typeorm';
import { type ParsedArgs, parseArgs } from './parse-args';

interface Output {
  human: string;
  json: unknown;
}

type AppCommand = (app: INestApplicationContext, args: ParsedArgs) => Promise<Output>;

/** `check` validates the arguments before the command connects to anything (a usage mistake exits 2 at once). */
const APP_COMMANDS: Record<string, { usage: string; run: AppCommand; check?: (args: ParsedArgs) => unknown }> = {
  'accounts create': { usage: 'accounts create --email E [--password P] [--admin]', run: accountsCreate },
  'accounts suspend': { usage: 'accounts suspend --email E', run: (a, x) => accountsSetStatus(a, x, 'suspended') },
  'accounts reactivate': { usage: 'accounts reactivate --email E', run: (a, x) => accountsSetStatus(a, x, 'active') },
  'accounts verify': { usage: 'accounts verify --email E', run: accountsVerify },
  'accounts reset-link': { usage: 'accounts reset-link --email E', run: accountsResetLink },
  'keys create': {
    usage: 'keys create --email E --label L [--scopes a,b] [--allow-ip CIDR,...] [--rate-limit N/SECONDSs] [--expires ISO] [--tag T] [--org ORG [--project P] [--service]]',
    run: keysCreate,
  },
  'keys list': { usage: 'keys list --email E', run: keysList },
  'keys revoke': { usage: 'keys revoke ID', run: keysRevoke },
  'keys roll': {
    usage:
      'keys roll ID --grace DURATION [--idle DURATION]   successor shown once; old key works for the grace (0, 30m, 24h, 7d), ends early once unused --idle (default 1h) after the new key is used',
    run: keysRoll,
    check: keysRollOptions,
  },
  'keys exposed': { usage: 'keys exposed ID|KEY [--source S] [--url U]   a leaked key: revoked at once, owner emailed, audited', run: keysExposed },
  'orgs list': { usage: ORGS_USAGE.list, run: orgsList },
  'orgs create': { usage: ORGS_USAGE.create, run: orgsCreate },
  'orgs members': { usage: ORGS_USAGE.members, run: orgsMembers },
  'orgs invite': { usage: ORGS_USAGE.invite, run: orgsInvite },
  'orgs invitations': { usage: ORGS_USAGE.invitations, run: orgsInvitations },
  'orgs remove-member': { usage: ORGS_USAGE.remove, run: orgsRemoveMember },
  'orgs transfer': { usage: ORGS_USAGE.transfer, run: orgsTransfer },
  'orgs policy': { usage: ORGS_USAGE.policy, run: orgsPolicy },
  'orgs usage': { usage: ORG_ACTIVITY_USAGE.usage, run: orgsUsage },
  'orgs audit': { usage: ORG_ACTIVITY_USAGE.audit, run: orgsAudit },
  'projects list': { usage: PROJECTS_USAGE.list, run: projectsList },
  'projects create': { usage: PROJECTS_USAGE.create, run: projectsCreate },
  'projects update': { usage: PROJECTS_USAGE.update, run: projectsUpdate },
  'cds overrides': { usage: CDS_OVERRIDES_USAGE, run: cdsOverrides, check: cdsOverridesOptions },
  'usage tags': { usage: USAGE_TAGS_USAGE, run: usageTags, check: usageTagsOptions },
};

const DB_COMMANDS: Record<string, string> = {
  'db:status': 'db:status           migrations applied/pending, database kind and server version',
  'db:migrate': 'db:migrate          apply pending migrations',
};

type DsCommand = (ds: DataSource, args: ParsedArgs, json: boolean) => Promise<Output>;

/** Commands that need only the database (no Nest application). */
const DS_COMMANDS: Record<string, { usage: string; run: DsCommand }> = {
  'kb import': { usage: KB_IMPORT_USAGE, run: kbImport },
  'kb list': { usage: 'kb list                               knowledge-base releases (* = active)', run: kbList },
  'kb activate': { usage: 'kb activate VERSION                   make an imported release live', run: kbActivate },
  'kb rollback': { usage: 'kb rollback                           re-activate the previously active release', run: kbRollback },
  'kb diff': { usage: 'kb diff A B [--limit N]               rules added, removed, changed severity (most severe first)', run: kbDiff },
  'audit verify': { usage: AUDIT_VERIFY_USAGE, run: auditVerify },
  'audit export': { usage: AUDIT_EXPORT_USAGE, run: auditExport },
  'webhooks list': { usage: WEBHOOKS_LIST_USAGE, run: webhooksList },
  'webhooks deliveries': { usage: WEBHOOKS_DELIVERIES_USAGE, run: webhooksDeliveries },
};

/** Runs `fn` on a data source for the configured database (the embedded one is shared with a running server). */
async function withDataSource<T>(fn: (ds: DataSource, kind: 'embedded' | 'server', owned: boolean) => Promise<T>): Promise<T> {
  const config = loadConfig(adminEnvSchema);
  const location = await locateDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.VIGIL_DATA_DIR });
  const ds = createDataSource({ url: location.url, poolSize: 2, applicationName: 'vigil-cli' });
  try {
    await ds.initialize();
    // The embedded database is always kept migrated, as the apps do at start.
    if (location.kind === 'embedded') await ds.runMigrations({ transaction: 'all' });
    return await fn(ds, location.kind, location.owned);
  } finally {
    if (ds.isInitialized) await ds.destroy();
    await location.stop();
  }
}

async function dbCommand(mode: 'status' | 'migrate'): Promise<Output> {
  return withDataSource(async (ds, kind, owned) => {
    const ran = mode === 'migrate' ? (await ds.runMigrations({ transaction: 'all' })).map((m) => m.name) : [];
    const status = await migrationStatus(ds);
    const shared = kind === 'embedded' ? (owned ? ' (started for this command)' : ' (shared with the running server)') : '';
    return {
      human: [
        `database: ${kind} PostgreSQL ${status.serverVersion}${shared}`,
        ...(mode === 'migrate' ? [`ran: ${ran.length ? ran.join(', ') : 'nothing to do'}`] : []),
        `migrations applied: ${status.applied.length}`,
        `migrations pending: ${status.pending.length ? status.pending.join(', ') : 'none'}`,
      ].join('\n'),
      json: { kind, serverVersion: status.serverVersion, applied: status.applied, pending: status.pending, ...(mode === 'migrate' ? { ran } : {}) },
    };
  });
}

async function appCommand(command: AppCommand, args: ParsedArgs): Promise<Output> {
  const config = loadConfig(adminEnvSchema);
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config), { logger: false, abortOnError: false });
  try {
    return await command(app, args);
  } finally {
    await app.close();
  }
}

function usage(): string {
  return [
    'usage: ./vigil <command> [options] [--json]      (or: npm run -s vigil -- <command> …)',
    '',
    'commands:',
    ...Object.values(DB_COMMANDS).map((u) => `  ${u}`),
    ...Object.values(APP_COMMANDS).map((c) => `  ${c.usage}`),
    ...Object.values(DS_COMMANDS).map((c) => `  ${c.usage}`),
  ].join('\n');
}

/** Entry point of the operator CLI. With `--json`, exactly one JSON document goes to stdout. */
export async function runCli(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  try {
    const words = argv.filter((a) => a !== '--json');
    if (!words.length || words[0] === 'help' || words[0] === '--help') {
      process.stdout.write(`${usage()}\n`);
      return words.length ? 0 : 2;
    }
    let out: Output;
    if (words[0] in DB_COMMANDS) {
      out = await dbCommand(words[0] === 'db:status' ? 'status' : 'migrate');
    } else if (DS_COMMANDS[`${words[0]} ${words[1] ?? ''}`.trim()]) {
      const command = DS_COMMANDS[`${words[0]} ${words[1]}`];
      out = await withDataSource((ds) => command.run(ds, parseArgs(words.slice(2)), json));
    } else {
      const name = `${words[0]} ${words[1] ?? ''}`.trim();
      const command = APP_COMMANDS[name];
      if (!command) throw new CliUsageError(`unknown command "${name}"\n\n${usage()}`);
      const args = parseArgs(words.slice(2));
      command.check?.(args);
      out = await appCommand(command.run, args);
    }
    // A command that wrote its own lines as it went (audit export) adds nothing; a document that ends its own lines
    // (CSV: CRLF) is written as is.
    if ((out as { streamed?: boolean }).streamed) return 0;
    process.stdout.write(json ? `${JSON.stringify(out.json)}\n` : out.human.endsWith('\n') ? out.human : `${out.human}\n`);
    return (out as { exitCode?: number }).exitCode ?? 0;
  } catch (error) {
    const code = error instanceof CliUsageError ? 'usage' : error instanceof ProblemException ? error.code : error instanceof ConfigError ? 'config' : 'failed';
    const message = error instanceof Error ? error.message : String(error);
    const extra = error instanceof ProblemException && error.errors ? { errors: error.errors } : {};
    if (json) process.stdout.write(`${JSON.stringify({ error: { code, message, ...extra } })}\n`);
    else process.stderr.write(`error: ${message}\n`);
    return error instanceof CliUsageError ? 2 : 1;
  }
}
