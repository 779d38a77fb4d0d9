import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ApiKeyRepository } from '@vigil/db';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../common/actor';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';
import { KeyEventsPublisher } from './key-events.publisher';
import { rotationDecision } from './key-rotation.policy';

/** Rolls looked at per sweep transaction; a larger backlog is worked through in further transactions of the same sweep. */
const BATCH = 100;
/** Upper bound of batches per sweep (bounded work per tick). */
const MAX_BATCHES = 20;

const SWEEP_ACTOR: Actor = { type: 'system', label: 'key-rotation-sweep' };

/**
 * Ends rolls that are over ({@link rotationDecision}): the successor has been used and the old key idle for the roll's
 * idle time (`idle_after_successor_use`), or the grace period has passed (`grace_elapsed`; the API already refuses
 * such a key by its effective expiry, this records it). Each end is saved with the old key marked `expired`, audited as
 * `key.rotation_end` and announced to every API instance in one transaction. Runs every `KEY_ROTATION_SWEEP_MS` in
 * the admin app (not the CLI); several admin instances skip each other's locked rows.
 */
@Injectable()
export class KeyRotationSweepService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('KeyRotationSweep');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly events: KeyEventsPublisher,
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.sweep().catch((error: Error) => this.logger.error(`rotation sweep failed: ${error.message}`)), this.config.KEY_ROTATION_SWEEP_MS);
    this.timer.unref();
  }

  /** One sweep (a sweep already running is joined, not doubled); resolves with the number of rolls ended. */
  sweep(): Promise<number> {
    this.running ??= this.run().finally(() => (this.running = undefined));
    return this.running;
  }

  private async run(): Promise<number> {
    let ended = 0;
    for (let i = 0; i < MAX_BATCHES; i++) {
      const { examined, endedNow } = await this.batch();
      ended += endedNow;
      if (examined < BATCH) break;
    }
    return ended;
  }

  private async batch(): Promise<{ examined: number; endedNow: number }> {
    const waits: (() => Promise<void>)[] = [];
    const result = await this.dataSource.transaction(async (m) => {
      const keys = new ApiKeyRepository(m);
      const open = await keys.lockOpenRotations(BATCH);
      const now = new Date();
      let endedNow = 0;
      for (const { key, successorLastUsedAt } of open) {
        const decision = rotationDecision(
          {
            graceEndsAt: key.rotationGraceEndsAt!,
            idleSeconds: key.rotationIdleSeconds!,
            endedAt: key.rotationEndedAt,
            endReason: key.rotationEndReason,
            oldStatus: key.status,
            oldLastUsedAt: key.lastUsedAt,
            successorLastUsedAt,
          },
          now,
        );
        if (!decision.over) continue;
        const before = { status: key.status };
        key.rotationEndedAt = decision.endedAt;
        key.rotationEndReason = decision.reason;
        if (key.status === 'active') key.status = 'expired';
        await keys.save(key);
        await this.audit.record(m, SWEEP_ACTOR, {
          action: 'key.rotation_end',
          targetType: 'api_key',
          targetId: key.id,
          before,
          after: { status: key.status, successorId: key.rotatedToKeyId, endedAt: decision.endedAt.toISOString(), reason: decision.reason },
        });
        waits.push(await this.events.publish(m, { type: 'key', keyId: key.id }));
        endedNow++;
      }
      return { examined: open.length, endedNow };
    });
    await Promise.all(waits.map((w) => w()));
    return result;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }
}
