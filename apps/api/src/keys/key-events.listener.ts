import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { KEY_EVENTS_CHANNEL, type DatabaseLocation, parseKeyEvent } from '@vigil/db';
import { DATABASE_LOCATION } from '@vigil/platform';
import { Client } from 'pg';
import { ApiKeyPrincipalService } from './api-key-principal.service';

/**
 * Holds one dedicated connection that LISTENs for key/account changes and evicts cached principals within
 * milliseconds of the commit. On a lost connection it clears the cache and reconnects.
 */
@Injectable()
export class KeyEventsListener implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('KeyEvents');
  private client: Client | undefined;
  private stopped = false;
  private retryMs = 250;

  constructor(
    @Inject(DATABASE_LOCATION) private readonly location: DatabaseLocation,
    private readonly principals: ApiKeyPrincipalService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.location.url, application_name: 'vigil-api-listen' });
    client.on('notification', (msg) => {
      if (msg.channel === KEY_EVENTS_CHANNEL) this.principals.evict(parseKeyEvent(msg.payload));
    });
    client.on('error', (err) => this.reconnect(client, err));
    client.on('end', () => this.reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${KEY_EVENTS_CHANNEL}`);
    this.client = client;
    this.retryMs = 250;
    // Anything may have changed while we were not listening.
    this.principals.clear();
  }

  private reconnect(client: Client, err?: Error): void {
    if (this.stopped || this.client !== client) return;
    this.client = undefined;
    this.principals.clear();
    this.logger.warn(`key-events connection lost${err ? `: ${err.message}` : ''}; reconnecting`);
    client.removeAllListeners();
    void client.end().catch(() => undefined);
    const retry = () => {
      if (this.stopped) return;
      this.connect().catch((e: Error) => {
        this.logger.warn(`key-events reconnect failed: ${e.message}`);
        this.retryMs = Math.min(this.retryMs * 2, 5000);
        setTimeout(retry, this.retryMs).unref();
      });
    };
    setTimeout(retry, this.retryMs).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
