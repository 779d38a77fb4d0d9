import { type BeforeApplicationShutdown, Logger, type OnModuleInit } from '@nestjs/common';
import { type AccountQuota, quotaMonth } from '@vigil/auth';
import { DataSource } from 'typeorm';

interface Entry {
  /** `YYYY-MM-01` of the month this entry counts. */
  month: string;
  /** The shared total (all instances) as of the last sync. */
  shared: number;
  /** Calls this instance admitted since the last sync (not yet in `shared`). */
  local: number;
  /** Last time a call of the account was checked; idle entries are dropped. */
  touchedAt: number;
}

/** How often an instance adds its calls to the shared counter and reads the total back. */
export const QUOTA_SYNC_MS = 1000;
const IDLE_MS = 10 * 60_000;
const MAX_ENTRIES = 100_000;

/** Where a counter keeps its shared totals: `<table>(<idColumn>, month, calls)`, rows only for ids that exist in `<parent>`. */
export interface MonthlyUsageTable {
  table: 'account_month_usage' | 'project_month_usage';
  idColumn: 'account_id' | 'project_id';
  parent: 'account' | 'project';
  /** Logger context. */
  name: string;
}

/**
 * A monthly quota's counter: calls per subject (an account, a project) and UTC month in its table, shared by every instance
 * through PostgreSQL (no Redis needed). The hot path only reads and bumps an in-memory entry; once a second one
 * batched upsert adds every account's local calls and returns the new totals, so instances converge within about a
 * second (an account can overshoot its quota by at most what the instances admit in that second).
 *
 * The first call of an account in a process waits for one read. If PostgreSQL cannot answer, the quota fails open
 * (calls are counted locally and added when it is back): a clinical check is not refused because billing is blind.
 */
export class MonthlyUsageCounter implements AccountQuota, OnModuleInit, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<number>>();
  private timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> = Promise.resolve();
  private monthFor = 0;
  private monthUntil = 0;
  private currentMonth = '';

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: MonthlyUsageTable,
  ) {
    this.logger = new Logger(store.name);
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.sync(), QUOTA_SYNC_MS);
    this.timer.unref();
  }

  used(accountId: string, now: number): number | Promise<number> {
    const month = this.month(now);
    const e = this.entries.get(accountId);
    if (e && e.month === month) {
      e.touchedAt = now;
      return e.shared + e.local;
    }
    return this.load(accountId, month, e);
  }

  admitted(accountId: string, units = 1): void {
    const e = this.entries.get(accountId);
    if (e) e.local += units;
  }

  /** Adds every local count to the shared counter and reads the totals back; concurrent calls queue. */
  sync(): Promise<void> {
    this.syncing = this.syncing.then(() => this.write());
    return this.syncing;
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sync();
  }

  private month(now: number): string {
    if (now < this.monthFor || now >= this.monthUntil) {
      const m = quotaMonth(now);
      this.monthFor = m.start;
      this.monthUntil = m.resetAt;
      this.currentMonth = m.firstDay;
    }
    return this.currentMonth;
  }

  private load(accountId: string, month: string, previous: Entry | undefined): Promise<number> {
    const key = `${accountId}|${month}`;
    let pending = this.loading.get(key);
    if (pending) return pending;
    pending = (async () => {
      // A month that just ended still owes its last local calls to the shared counter.
      if (previous && previous.local > 0) await this.sync();
      let shared = 0;
      try {
        const rows: { calls: string }[] = await this.dataSource.query(`SELECT calls FROM ${this.store.table} WHERE ${this.store.idColumn} = $1 AND month = $2`, [accountId, month]);
        shared = rows[0] ? Number(rows[0].calls) : 0;
      } catch (error) {
        this.logger.error(`quota read failed (counting locally until the database answers): ${(error as Error).message}`);
      }
      if (this.entries.size >= MAX_ENTRIES) this.dropIdle(Date.now(), true);
      const current = this.entries.get(accountId);
      if (current && current.month === month) return current.shared + current.local;
      this.entries.set(accountId, { month, shared, local: 0, touchedAt: Date.now() });
      return shared;
    })().finally(() => this.loading.delete(key));
    this.loading.set(key, pending);
    return pending;
  }

  private async write(): Promise<void> {
    const now = Date.now();
    this.dropIdle(now, false);
    if (this.entries.size === 0) return;
    const up: { ids: string[]; months: string[]; deltas: number[] } = { ids: [], months: [], deltas: [] };
    const read: { ids: string[]; months: string[] } = { ids: [], months: [] };
    const sent = new Map<string, number>();
    for (const [id, e] of this.entries) {
      if (e.local > 0) {
        up.ids.push(id);
        up.months.push(e.month);
        up.deltas.push(e.local);
        sent.set(id, e.local);
      } else {
        read.ids.push(id);
        read.months.push(e.month);
      }
    }
    try {
      if (up.ids.length > 0) {
        this.apply(
          await this.dataSource.query(
            `INSERT INTO ${this.store.table} AS t (${this.store.idColumn}, month, calls)
             SELECT u.id, u.month, u.delta FROM unnest($1::uuid[], $2::date[], $3::bigint[]) AS u(id, month, delta)
              WHERE EXISTS (SELECT 1 FROM ${this.store.parent} a WHERE a.id = u.id)
             ON CONFLICT (${this.store.idColumn}, month) DO UPDATE SET calls = t.calls + EXCLUDED.calls
             RETURNING t.${this.store.idColumn} AS id, to_char(t.month, 'YYYY-MM-DD') AS month, t.calls`,
            [up.ids, up.months, up.deltas],
          ),
          sent,
        );
      }
      // Accounts with no local calls only learn what the other instances counted (no write).
      if (read.ids.length > 0) {
        this.apply(
          await this.dataSource.query(
            `SELECT t.${this.store.idColumn} AS id, to_char(t.month, 'YYYY-MM-DD') AS month, t.calls
               FROM ${this.store.table} t JOIN unnest($1::uuid[], $2::date[]) AS u(id, month) ON t.${this.store.idColumn} = u.id AND t.month = u.month`,
            [read.ids, read.months],
          ),
          sent,
        );
      }
    } catch (error) {
      this.logger.error(`quota sync failed (local counts kept for the next try): ${(error as Error).message}`);
    }
  }

  private apply(rows: readonly { id: string; month: string; calls: string }[], sent: Map<string, number>): void {
    for (const r of rows) {
      const e = this.entries.get(r.id);
      if (!e || e.month !== r.month) continue;
      // Calls admitted while the statement ran stay local; the ones it carried are now in the shared total.
      e.local -= sent.get(r.id) ?? 0;
      sent.delete(r.id);
      e.shared = Number(r.calls);
    }
  }

  /** Drops accounts not seen for a while (their counts are already shared), or the oldest half when full. */
  private dropIdle(now: number, full: boolean): void {
    for (const [id, e] of this.entries) if (e.local === 0 && now - e.touchedAt > IDLE_MS) this.entries.delete(id);
    if (!full || this.entries.size < MAX_ENTRIES) return;
    let n = this.entries.size / 2;
    for (const [id, e] of this.entries) {
      if (n-- <= 0) break;
      if (e.local === 0) this.entries.delete(id);
    }
  }
}
