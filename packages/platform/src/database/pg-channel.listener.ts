import { Logger } from '@nestjs/common';
import { Client } from 'pg';

export interface PgChannelHandlers {
  /** A NOTIFY payload arrived on the channel. */
  onMessage(payload: string | undefined): void;
  /** (Re)connected: anything may have changed while not listening. */
  onConnected(): void;
}

/**
 * One dedicated PostgreSQL connection LISTENing on a channel, reconnecting with backoff when it drops.
 * (Pooled connections cannot LISTEN: notifications belong to the session.)
 */
export class PgChannelListener {
  private readonly logger: Logger;
  private client: Client | undefined;
  private stopped = false;
  private retryMs = 250;

  /** `url` may be a function: read again on every (re)connect, so a listener follows a server that moved. */
  constructor(
    private readonly url: string | (() => string),
    private readonly channel: string,
    private readonly handlers: PgChannelHandlers,
  ) {
    this.logger = new Logger(`Listen:${channel}`);
  }

  async start(): Promise<void> {
    const client = new Client({ connectionString: typeof this.url === 'function' ? this.url() : this.url, application_name: `vigil-listen-${this.channel}` });
    client.on('notification', (msg) => {
      if (msg.channel === this.channel) this.handlers.onMessage(msg.payload);
    });
    client.on('error', (err) => this.reconnect(client, err));
    client.on('end', () => this.reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${this.channel}`);
    this.client = client;
    this.retryMs = 250;
    this.handlers.onConnected();
  }

  private reconnect(client: Client, err?: Error): void {
    if (this.stopped || this.client !== client) return;
    this.client = undefined;
    this.handlers.onConnected();
    this.logger.warn(`connection lost${err ? `: ${err.message}` : ''}; reconnecting`);
    client.removeAllListeners();
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    const retry = () => {
      if (this.stopped) return;
      this.start().catch((e: Error) => {
        this.logger.warn(`reconnect failed: ${e.message}`);
        this.retryMs = Math.min(this.retryMs * 2, 5000);
        setTimeout(retry, this.retryMs).unref();
      });
    };
    setTimeout(retry, this.retryMs).unref();
  }

  async stop(): Promise<void> {
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
