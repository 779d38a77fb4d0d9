/**
 * Owns the database for `npm start`: locates it (DATABASE_URL or the embedded default), applies pending
 * migrations, reports readiness to the launcher over IPC, and stops the embedded server on SIGTERM/SIGINT.
 * Runs in its own process group so a terminal Ctrl-C reaches the launcher, which stops the apps first.
 */
import { createDataSource } from '../data-source.factory';
import { locateDatabase } from '../database-location';

async function main(): Promise<void> {
  const location = await locateDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.VIGIL_DATA_DIR || './.vigil',
    onLog: (m) => {
      if (process.env.LOG_LEVEL === 'debug') process.stderr.write(`[db] ${m}\n`);
    },
  });
  const ds = createDataSource({ url: location.url, poolSize: 1, applicationName: 'vigil-migrate' });
  await ds.initialize();
  const ran = await ds.runMigrations({ transaction: 'all' });
  await ds.destroy();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await location.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.on('disconnect', () => void stop());
  // The URL (with the generated password) goes only over the private IPC channel, never to a log.
  process.send?.({ type: 'ready', kind: location.kind, owned: location.owned, url: location.url, migrationsApplied: ran.map((m) => m.name) });
}

main().catch((error: unknown) => {
  process.stderr.write(`database start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
