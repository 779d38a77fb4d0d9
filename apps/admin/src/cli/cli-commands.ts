import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createDataSource, locateDatabase, migrationStatus } from '@vigil/db';
import { loadConfig } from '@vigil/platform';
import type { DataSource } from 'typeorm';
import { adminEnvSchema } from '../config/admin-env.schema';
import { accountsCreate, accountsResetLink, accountsSetStatus, accountsVerify } from './account-commands';
import { auditExport, auditVerify } from './audit-commands';
import { cdsOverrides, cdsOverridesOptions } from './cds-commands';
import { CliModule } from './cli.module';
import { kbActivate, kbDiff, kbList, kbRollback } from './kb-commands';
import { kbImport } from './kb-import.command';
import { keysCreate, keysExposed, keysList, keysRevoke, keysRoll, keysRollOptions } from './key-commands';
import { orgsAudit, orgsUsage } from './org-activity-commands';
import { orgsCreate, orgsInvitations, orgsInvite, orgsList, orgsMembers, orgsPolicy, orgsRemoveMember, orgsTransfer } from './org-commands';
import { orgsDelete, orgsInviteResend } from './org-lifecycle-commands';
import { type ParsedArgs, parseArgs } from './parse-args';
import { projectsCreate, projectsList, projectsUpdate } from './project-commands';
import { usageTags, usageTagsOptions } from './usage-commands';
import { webhooksDeliveries, webhooksList } from './webhook-commands';

export interface CliCommandOutput {
  human: string;
  json: unknown;
}

type AppCommand = (app: INestApplicationContext, args: ParsedArgs) => Promise<CliCommandOutput>;
type DsCommand = (ds: DataSource, args: ParsedArgs, json: boolean) => Promise<CliCommandOutput>;

/**
 * How each command runs: inside a Nest application context (`app`), on a bare data source (`ds`, no Nest), or as a
 * migration command (`db`). Usage lines live in `cli-usage.text.ts`, keyed by the same names. `check` validates the
 * arguments before the command connects to anything (a usage mistake exits 2 at once).
 */
export const CLI_COMMANDS: Readonly<Record<string, { app: AppCommand; check?: (args: ParsedArgs) => unknown } | { ds: DsCommand } | { db: 'status' | 'migrate' }>> = {
  'db:status': { db: 'status' },
  'db:migrate': { db: 'migrate' },
  'accounts create': { app: accountsCreate },
  'accounts suspend': { app: (a, x) => accountsSetStatus(a, x, 'suspended') },
  'accounts reactivate': { app: (a, x) => accountsSetStatus(a, x, 'active') },
  'accounts verify': { app: accountsVerify },
  'accounts reset-link': { app: accountsResetLink },
  'keys create': { app: keysCreate },
  'keys list': { app: keysList },
  'keys revoke': { app: keysRevoke },
  'keys roll': { app: keysRoll, check: keysRollOptions },
  'keys exposed': { app: keysExposed },
  'orgs list': { app: orgsList },
  'orgs create': { app: orgsCreate },
  'orgs members': { app: orgsMembers },
  'orgs invite': { app: orgsInvite },
  'orgs invitations': { app: orgsInvitations },
  'orgs invite-resend': { app: orgsInviteResend },
  'orgs remove-member': { app: orgsRemoveMember },
  'orgs transfer': { app: orgsTransfer },
  'orgs policy': { app: orgsPolicy },
  'orgs delete': { app: orgsDelete },
  'orgs usage': { app: orgsUsage },
  'orgs audit': { app: orgsAudit },
  'projects list': { app: projectsList },
  'projects create': { app: projectsCreate },
  'projects update': { app: projectsUpdate },
  'cds overrides': { app: cdsOverrides, check: cdsOverridesOptions },
  'usage tags': { app: usageTags, check: usageTagsOptions },
  'kb import': { ds: kbImport },
  'kb list': { ds: kbList },
  'kb activate': { ds: kbActivate },
  'kb rollback': { ds: kbRollback },
  'kb diff': { ds: kbDiff },
  'audit verify': { ds: auditVerify },
  'audit export': { ds: auditExport },
  'webhooks list': { ds: webhooksList },
  'webhooks deliveries': { ds: webhooksDeliveries },
};

/** Runs the named command with the words after its name. */
export async function runCliCommand(name: string, rest: readonly string[], json: boolean): Promise<CliCommandOutput> {
  const command = CLI_COMMANDS[name];
  if ('db' in command) return dbCommand(command.db);
  const args = parseArgs([...rest]);
  if ('ds' in command) return withDataSource((ds) => command.ds(ds, args, json));
  command.check?.(args);
  return appCommand(command.app, args);
}

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

async function dbCommand(mode: 'status' | 'migrate'): Promise<CliCommandOutput> {
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

async function appCommand(command: AppCommand, args: ParsedArgs): Promise<CliCommandOutput> {
  const config = loadConfig(adminEnvSchema);
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config), { logger: false, abortOnError: false });
  try {
    return await command(app, args);
  } finally {
    await app.close();
  }
}
