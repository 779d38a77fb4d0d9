import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * ioredis settings that fail fast during an outage: no offline queue (a command while disconnected fails at once
 * instead of waiting for a reconnect), no per-command retries, a command timeout as a backstop; reconnection keeps trying in the background, backing off to 2 s. Callers turn the failure
 * into 503 `service_unavailable` (the rate limit fails closed) in milliseconds, however long the outage lasts.
 */
export function redisClientOptions(): RedisOptions {
  return {
    enableAutoPipelining: true,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // A backstop that frees commands stuck on a connection that accepts but never answers. Callers on the request
    // path time out sooner themselves (the rate-limit guard: 1 s, tolerant of event-loop stalls): an ioredis timer
    // can fire after a stall before the reply that arrived during it is read.
    commandTimeout: 10_000,
    // Generous on purpose: the timer also fires when a stalled event loop (a knowledge-base build and its compacting
    // collection on a loaded machine) reads a completed connect late, and the connection was then torn down and
    // retried in a loop (seen in CI: ready checks on a destroyed stream, rate limit 503 for seconds). Calls never
    // wait for it: with no offline queue a command while not connected fails at once.
    connectTimeout: 10_000,
    retryStrategy: (times) => Math.min(times * 100, 2000),
  };
}

/** Injection token for the shared ioredis client, or `null` when `REDIS_URL` is unset. */
export const REDIS = Symbol('REDIS');

@Global()
@Module({})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  static forRoot(options: { url?: string }): DynamicModule {
    return {
      module: RedisModule,
      providers: [
        {
          provide: REDIS,
          useFactory: async () => {
            if (!options.url) return null;
            const client = new Redis(options.url, redisClientOptions());
            await client.connect();
            return client;
          },
        },
      ],
      exports: [REDIS],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => this.redis?.disconnect());
  }
}
