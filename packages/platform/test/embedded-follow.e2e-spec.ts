import { EmbeddedDatabase, createDataSource, type DatabaseLocation } from '@vigil/db';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedServerFollower } from '../src/database/embedded-server.follower';
import { PgChannelListener } from '../src/database/pg-channel.listener';

/**
 * A process attached to the embedded server that another process owns (the second API instance of `npm start`)
 * keeps working after the owner restarts the server on another port: the pool and the LISTEN connection follow it.
 */
/** The owning process: starts the embedded server on `dataDir` and stops it when told (a real second process). */
class OwnerProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static start(dataDir: string): Promise<OwnerProcess> {
    const script = `
      const { EmbeddedDatabase } = require(${JSON.stringify(require.resolve('@vigil/db'))});
      const db = new EmbeddedDatabase({ dataDir: process.argv[1] });
      db.connectOrStart().then((c) => process.stdout.write(JSON.stringify({ url: c.url, owned: c.owned }) + '\\n'), (e) => { console.error(e); process.exit(1); });
      process.stdin.on('data', () => db.stop().then(() => process.exit(0)));`;
    const child = spawn(process.execPath, ['-e', script, dataDir], { stdio: ['pipe', 'pipe', 'inherit'] });
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        if (!out.includes('\n')) return;
        const { url, owned } = JSON.parse(out.split('\n')[0]);
        if (!owned) reject(new Error('expected to own the server'));
        resolve(new OwnerProcess(child, url));
      });
      child.on('exit', (code) => reject(new Error(`owner exited with ${code}`)));
    });
  }

  stop(): Promise<void> {
    if (this.child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.stdin!.write('stop\n');
    });
  }
}

describe('an attached process follows the embedded server to its new port', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-follow-'));
  let owner: OwnerProcess | undefined;
  let blocker: Server | undefined;

  afterAll(async () => {
    await owner?.stop();
    await new Promise((r) => (blocker ? blocker.close(r) : r(undefined)));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('pool queries and notifications work again after the restart', async () => {
    owner = await OwnerProcess.start(dataDir);
    const first = { url: owner.url };
    const attached = await new EmbeddedDatabase({ dataDir }).connectOrStart();
    expect(attached.owned).toBe(false);
    const location: DatabaseLocation = { kind: 'embedded', ...attached };
    const ds = createDataSource({ url: location.url, poolSize: 2, applicationName: 'follow-test' });
    await ds.initialize();
    const follower = new EmbeddedServerFollower(location, ds);
    const received: string[] = [];
    const listener = new PgChannelListener(() => location.url, 'follow_test', { onMessage: (p) => received.push(p ?? ''), onConnected: () => undefined });
    await listener.start();
    try {
      expect(await ds.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);

      // The owner restarts; its old port is taken meanwhile, so the server comes back on another one.
      const oldPort = Number(new URL(first.url).port);
      await owner.stop();
      blocker = createServer((socket) => socket.destroy()); // something else took the port: it refuses to talk
      await new Promise<void>((r) => blocker!.listen(oldPort, '127.0.0.1', () => r()));
      owner = await OwnerProcess.start(dataDir);
      const second = { url: owner.url };
      expect(Number(new URL(second.url).port)).not.toBe(oldPort);

      // Without following, the attached pool still dials the old port.
      await expect(ds.query('SELECT 1')).rejects.toThrow();
      expect(follower.check()).toBe(true);
      expect(location.url).toBe(second.url);
      expect(await ds.query('SELECT 2 AS two')).toEqual([{ two: 2 }]);

      // The LISTEN connection reconnects to the new server too.
      const end = Date.now() + 15_000;
      while (Date.now() < end && received.length === 0) {
        await ds.query(`SELECT pg_notify('follow_test', 'hello')`);
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(received).toContain('hello');
    } finally {
      await listener.stop();
      await ds.destroy();
    }
  }, 120_000);
});
