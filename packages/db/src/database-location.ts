import { EmbeddedDatabase, type EmbeddedConnection } from './embedded/embedded-database';

export interface DatabaseLocation extends EmbeddedConnection {
  kind: 'embedded' | 'server';
}

/**
 * `DATABASE_URL` set → that server. Unset → the embedded default under `dataDir`, reusing the server
 * another Vigil process already runs on that directory, else starting (and owning) one.
 */
export async function locateDatabase(opts: { databaseUrl?: string; dataDir: string; onLog?: (m: string) => void }): Promise<DatabaseLocation> {
  if (opts.databaseUrl) return { kind: 'server', url: opts.databaseUrl, owned: false, stop: async () => undefined };
  const embedded = new EmbeddedDatabase({ dataDir: opts.dataDir, onLog: opts.onLog });
  return { kind: 'embedded', ...(await embedded.connectOrStart()) };
}
