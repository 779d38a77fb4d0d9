import { Logger } from '@nestjs/common';
import type { DatabaseLocation } from '@vigil/db';
import type { DataSource } from 'typeorm';

/** How often an attached process looks for the embedded server in the data directory. */
export const FOLLOW_INTERVAL_MS = 1000;

/**
 * A process attached to the embedded server another process owns keeps following it: when the owner restarts the
 * server (possibly on another port), the pool's next connections and the LISTEN connections (which read
 * `location.url` on every reconnect) go to the server that runs now. Connections to the old server fail and are
 * dropped by the pool as usual.
 */
export class EmbeddedServerFollower {
  private readonly logger = new Logger('Database');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly location: DatabaseLocation,
    private readonly dataSource: DataSource,
  ) {}

  start(): void {
    if (!this.location.currentUrl || this.location.owned) return;
    this.timer = setInterval(() => this.check(), FOLLOW_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Points new connections at the server that owns the data directory now, if it moved. */
  check(): boolean {
    const url = this.location.currentUrl?.();
    if (!url || url === this.location.url) return false;
    this.location.url = url;
    const pool = (this.dataSource.driver as unknown as { master?: { options?: { connectionString?: string } } }).master;
    if (pool?.options) pool.options.connectionString = url;
    this.logger.warn(`the embedded database now listens on port ${new URL(url).port}; new connections go there`);
    return true;
  }
}
