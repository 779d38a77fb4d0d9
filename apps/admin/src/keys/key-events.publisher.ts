import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { KEY_EVENTS_CHANNEL, type DatabaseLocation, type KeyEvent, notifyKeyEvent } from '@vigil/db';
import { DATABASE_LOCATION, PgChannelListener } from '@vigil/platform';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';

/**
 * Publishes key/account changes on PostgreSQL NOTIFY inside the change's transaction, and lets the caller wait
 * until the notification has come back through PostgreSQL — by then every listening API instance has been sent it,
 * so the HTTP call that made the change returns only after the change is being enforced.
 */
@Injectable()
export class KeyEventsPublisher implements OnModuleInit, OnApplicationShutdown {
  private readonly waiters = new Map<string, () => void>();
  private readonly listener: PgChannelListener;
  private listening = false;

  constructor(@Inject(DATABASE_LOCATION) location: DatabaseLocation) {
    this.listener = new PgChannelListener(() => location.url, KEY_EVENTS_CHANNEL, {
      onMessage: (payload) => {
        const nonce = (JSON.parse(payload ?? '{}') as { nonce?: string }).nonce;
        if (nonce) this.waiters.get(nonce)?.();
      },
      onConnected: () => undefined,
    });
  }

  async onModuleInit(): Promise<void> {
    await this.listener.start();
    this.listening = true;
  }

  /** Queue the event in `manager`'s transaction; await the returned function after the commit. */
  async publish(manager: EntityManager, event: KeyEvent): Promise<() => Promise<void>> {
    const nonce = randomUUID();
    const echoed = this.listening
      ? new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            this.waiters.delete(nonce);
            resolve();
          }, 1000);
          this.waiters.set(nonce, () => {
            clearTimeout(timer);
            this.waiters.delete(nonce);
            resolve();
          });
        })
      : Promise.resolve();
    await notifyKeyEvent(manager, { ...event, nonce });
    return () => echoed;
  }

  async onApplicationShutdown(): Promise<void> {
    this.listening = false;
    await this.listener.stop();
  }
}
