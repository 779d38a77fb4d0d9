import { ConfigError, loadConfig } from '@vigil/platform';
import { createDataSource, locateDatabase, migrationStatus } from '@vigil/db';
import { adminEnvSchema } from '../config/admin-env.schema';
import { CliUsageError, parseArgs, type ParsedArgs } from './parse-args';

type Command = (args: ParsedArgs, ctx: CliContext) => Promise<unknown>;

export interface CliContext {
  out(human: string, json: unknown): void;
}

const COMMANDS: Record<string, { usage: string; run: Command }> = {
  'db:status': { usage: 'db:status [--json]   migrations applied/pending, database kind and server version', run: dbCommand('status') },
  'db:migrate': { usage: 'db:migrate [--json]  apply pending migrations', run: dbCommand('migrate') },
};

function dbCommand(mode: 'status' | 'migrate'): Command {
  return async (_args, ctx) => {
    const config = loadConfig(adminEnvSchema);
    const location = await locateDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.VIGIL_DATA_DIR });
    const ds = createDataSource({ url: location.url, poolSize: 2, applicationName: 'vigil-cli' });
    try {
      await ds.initialize();
      const ran = mode === 'migrate' ? (await ds.runMigrations({ transaction: 'all' })).map((m) => m.name) : [];
      const status = await migrationStatus(ds);
      const result = { kind: location.kind, serverVersion: status.serverVersion, applied: status.applied, pending: status.pending, ...(mode === 'migrate' ? { ran } : {}) };
      ctx.out(
        [
          `database: ${location.kind} PostgreSQL ${status.serverVersion}${location.kind === 'embedded' ? (location.owned ? ' (started for this command)' : ' (shared with the running server)') : ''}`,
          ...(mode === 'migrate' ? [`ran: ${ran.length ? ran.join(', ') : 'nothing to do'}`] : []),
          `migrations applied: ${status.applied.length}`,
          `migrations pending: ${status.pending.length ? status.pending.join(', ') : 'none'}`,
        ].join('\n'),
        result,
      );
    } finally {
      if (ds.isInitialized) await ds.destroy();
      await location.stop();
    }
  };
}

function usage(): string {
  return ['usage: npm run vigil -- <command> [options]', '', 'commands:', ...Object.values(COMMANDS).map((c) => `  ${c.usage}`)].join('\n');
}

/** Entry point of the operator CLI. With `--json`, exactly one JSON document goes to stdout. */
export async function runCli(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  try {
    const [name, ...rest] = argv.filter((a) => a !== '--json');
    if (!name || name === 'help' || name === '--help') {
      process.stdout.write(`${usage()}\n`);
      return name ? 0 : 2;
    }
    const command = COMMANDS[name];
    if (!command) throw new CliUsageError(`unknown command "${name}"\n\n${usage()}`);
    await command.run(parseArgs(rest), {
      out: (human, doc) => process.stdout.write(json ? `${JSON.stringify(doc)}\n` : `${human}\n`),
    });
    return 0;
  } catch (error) {
    const message = error instanceof ConfigError || error instanceof CliUsageError ? error.message : error instanceof Error ? error.message : String(error);
    if (json) process.stdout.write(`${JSON.stringify({ error: { code: error instanceof CliUsageError ? 'usage' : 'failed', message } })}\n`);
    else process.stderr.write(`error: ${message}\n`);
    return error instanceof CliUsageError ? 2 : 1;
  }
}
