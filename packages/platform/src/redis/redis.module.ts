import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';

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
            const client = new Redis(options.url, { enableAutoPipelining: true, maxRetriesPerRequest: 2, lazyConnect: true });
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
