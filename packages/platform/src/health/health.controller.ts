import { Controller, Get, Inject, Res } from '@nestjs/common';
import { Public } from '@vigil/auth';
import type { HealthResponse, ReadinessResponse } from '@vigil/contracts';
import { migrationStatus, type DatabaseLocation } from '@vigil/db';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { DATABASE_LOCATION } from '../database/database.module';
import { REDIS } from '../redis/redis.module';
import { SERVICE_NAME } from './service-name';

/** Liveness and readiness, the only public routes besides documentation. */
@Public()
@Controller()
export class HealthController {
  private readonly started = Date.now();

  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    private readonly dataSource: DataSource,
    @Inject(DATABASE_LOCATION) private readonly location: DatabaseLocation,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {}

  @Get('healthz')
  health(): HealthResponse {
    return { status: 'ok', service: this.service, uptimeSeconds: Math.round((Date.now() - this.started) / 1000) };
  }

  @Get('readyz')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessResponse> {
    const checks: ReadinessResponse['checks'] = { database: { status: 'down', kind: this.location.kind }, migrations: { status: 'unknown' } };
    let ready: boolean;
    try {
      const t = performance.now();
      const status = await migrationStatus(this.dataSource);
      checks.database = { status: 'up', kind: this.location.kind, latencyMs: Math.round((performance.now() - t) * 10) / 10 };
      checks.migrations = { status: status.pending.length ? 'pending' : 'current', applied: status.applied.length, pending: status.pending };
      ready = status.pending.length === 0;
    } catch (error) {
      checks.database.error = error instanceof Error ? error.message : 'unreachable';
      ready = false;
    }
    if (this.redis) {
      try {
        await this.redis.ping();
        checks.redis = { status: 'up' };
      } catch {
        checks.redis = { status: 'down' };
        ready = false;
      }
    }
    reply.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not_ready', service: this.service, checks };
  }
}
