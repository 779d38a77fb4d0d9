import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { KEY_EVENTS_CHANNEL, type DatabaseLocation, type KeyEvent, notifyKeyEvent } from '@vigil/db';
import { DATABASE_LOCATION } from '@vigil/platform';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { EntityManager } from 'typeorm';

/**
 * Publishes key/account changes on PostgreSQL NOTIFY inside the change's transaction, and lets the caller wait
 * until the notification has come back through PostgreSQL — by then every listening API instance has been sent it,
 * so the HTTP call that made the change returns only after the change is being enforced.
 */
@Injectable()
export class KeyEventsPublisher implements OnModuleInit, OnApplicationShutdown {
  private client: Client | undefined;
  private readonly waiters = new Map<string, () => void>();

  constructor(@Inject(DATABASE_LOCATION) private readonly location: DatabaseLocation) {}

  async onModuleInit(): Promise<void> {
    const client = new Client({ connectionString: this.location.url, application_name: 'vigil-admin-listen' });
    client.on('notification', (msg) => {
      const nonce = (JSON.parse(msg.payload ?? '{}') as { nonce?: string }).nonce;
      if (nonce) this.waiters.get(nonce)?.();
    });
    client.on('error', () => { this.client = undefined; });
    await client.connect();
    await client.query(`LISTEN ${KEY_EVENTS_CHANNEL}`);
    this.client = client;
  }

  /** Queue the event in `manager`'s transaction; await the returned promise after the commit. */
  async publish(manager: EntityManager, event: KeyEvent): Promise<() => Promise<void>> {
    const nonce = randomUUID();
    const echoed = this.client
      ? new Promise<void>((resolve) => {
          const timer = setTimeout(() => { this.waiters.delete(nonce); resolve(); }, 1000);
          this.waiters.set(nonce, () => { clearTimeout(timer); this.waiters.delete(nonce); resolve(); });
        })
      : Promise.resolve();
    await notifyKeyEvent(manager, { ...event, nonce });
    return () => echoed;
  }

  async onApplicationShutdown(): Promise<void> {
    const c = this.client;
    this.client = undefined;
    if (c) await c.end().catch(() => undefined);
  }
}
