import { type DynamicModule, Global, Inject, Module, type OnModuleInit, Optional } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS } from '../redis/redis.module';
import { VigilMetrics } from './vigil.metrics';

interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * Provides the app's {@link VigilMetrics} and registers what every app has: the database pool and, when configured,
 * the Redis connection. `createVigilApp` records every response into it and serves it (see `MetricsExposure`).
 */
@Global()
@Module({})
export class MetricsModule implements OnModuleInit {
  constructor(
    private readonly metrics: VigilMetrics,
    private readonly dataSource: DataSource,
    @Optional() @Inject(REDIS) private readonly redis: Redis | null,
  ) {}

  static forService(service: string): DynamicModule {
    return { module: MetricsModule, providers: [{ provide: VigilMetrics, useValue: new VigilMetrics(service) }], exports: [VigilMetrics] };
  }

  onModuleInit(): void {
    const ds = this.dataSource;
    this.metrics.gauge('vigil_db_pool_connections', 'Database pool connections by state (total, idle, waiting = requests queued for one)', ['state'], (set) => {
      const pool = (ds.driver as unknown as { master?: PgPool }).master;
      if (!pool) return;
      set({ state: 'total' }, pool.totalCount);
      set({ state: 'idle' }, pool.idleCount);
      set({ state: 'waiting' }, pool.waitingCount);
    });
    const redis = this.redis;
    if (redis) {
      this.metrics.gauge('vigil_redis_up', 'Whether the Redis connection is ready (1) or not (0)', [], (set) => set({}, redis.status === 'ready' ? 1 : 0));
    }
  }
}
