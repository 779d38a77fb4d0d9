import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ApiKeyRepository } from '@vigil/db';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../common/actor';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';
import { KeyEventsPublisher } from './key-events.publisher';
import { rotationDecision } from './key-rotation.policy';

/** Rolls looked at per sweep transaction; more are worked through in further transactions, paged by grace end. */
const BATCH = 100;
/** Upper bound of batches per sweep (bounded work per tick); the next sweep continues where this one stopped. */
const MAX_BATCHES = 20;

/** The last key id a batch looked at. */
type Cursor = string | undefined;

const SWEEP_ACTOR: Actor = { type: 'system', label: 'key-rotation-sweep' };

/**
 * Ends rolls that are over ({@link rotationDecision}): the successor has been used and the old key idle for the roll's
 * idle time (`idle_after_successor_use`), or the grace period has passed (`grace_elapsed`; the API already refuses
 * such a key by its effective expiry, this records it). Each end is saved with the old key marked `expired`, audited as
 * `key.rotation_end` and announced to every API instance in one transaction. Runs every `KEY_ROTATION_SWEEP_MS` in
 * the admin app (not the CLI); several admin instances skip each other's locked rows.
 */
@Injectable()
export class KeyRotationSweepService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('KeyRotationSweep');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  /** Where the next batch starts (undefined = from the earliest grace end). */
  private cursor: Cursor;

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
      const { last, endedNow } = await this.batch(this.cursor);
      ended += endedNow;
      this.cursor = last;
      if (!last) break;
    }
    return ended;
  }

  /** One transaction over up to {@link BATCH} open rolls after `cursor`; `last` is undefined when none are left. */
  private async batch(cursor: Cursor): Promise<{ last: Cursor; endedNow: number }> {
    const waits: (() => Promise<void>)[] = [];
    const result = await this.dataSource.transaction(async (m) => {
      const keys = new ApiKeyRepository(m);
      const open = await keys.lockOpenRotations(BATCH, cursor);
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
          organisationId: key.organisationId,
          action: 'key.rotation_end',
          targetType: 'api_key',
          targetId: key.id,
          before,
          after: { status: key.status, successorId: key.rotatedToKeyId, endedAt: decision.endedAt.toISOString(), reason: decision.reason },
        });
        waits.push(await this.events.publish(m, { type: 'key', keyId: key.id }));
        endedNow++;
      }
      const tail = open.at(-1)?.key;
      return { last: open.length === BATCH ? tail?.id : undefined, endedNow };
    });
    await Promise.all(waits.map((w) => w()));
    return result;
  }

  /** Before the database closes: no new sweep, and a running one finishes. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }
}
