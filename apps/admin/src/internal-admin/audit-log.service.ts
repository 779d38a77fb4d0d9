import { Injectable } from '@nestjs/common';
import { AuditChainRepository, AuditEventEntity } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { DataSource } from 'typeorm';
import { isUuid } from './is-uuid';
import type { AuditEventView, AuditQuery, AuditVerifyResponse } from '@vigil/contracts';

const ACTOR_TYPES = new Set(['account', 'admin', 'cli', 'system']);

/** Filtered, paged reads of the append-only audit log, newest first. */
@Injectable()
export class AuditLogService {
  constructor(private readonly dataSource: DataSource) {}

  /** Every chain (or one) checked from its first event; `ok` only when every chain checked is intact. */
  async verify(chain?: string): Promise<AuditVerifyResponse> {
    const repo = new AuditChainRepository(this.dataSource);
    const chains = chain ? [chain] : await repo.chains();
    const results = [];
    for (const c of chains) results.push(await repo.verify(c));
    return { ok: results.every((r) => r.ok), chains: results };
  }

  async query(f: AuditQuery): Promise<{ events: AuditEventView[]; total: number; limit: number; offset: number }> {
    const from = f.from ? new Date(f.from) : undefined;
    const to = f.to ? new Date(f.to) : undefined;
    if (from && to && from > to) {
      throw new ProblemException('ValidationFailed', {
        detail: '/to: must not be before from',
        errors: [{ pointer: '/to', code: 'afterFrom', message: 'must not be before from' }],
      });
    }
    const limit = f.limit ?? 100;
    const offset = f.offset ?? 0;
    const qb = this.dataSource.manager.createQueryBuilder(AuditEventEntity, 'e');
    const actor = f.actor?.trim();
    if (actor) {
      if (isUuid(actor)) qb.andWhere('e.actorId = :actorId', { actorId: actor });
      else if (ACTOR_TYPES.has(actor)) qb.andWhere('e.actorType = :actorType', { actorType: actor });
      else qb.andWhere('e.actorLabel ILIKE :actorLike', { actorLike: `%${escapeLike(actor)}%` });
    }
    const action = f.action?.trim();
    if (action) qb.andWhere('(e.action = :action OR e.action LIKE :actionPrefix)', { action, actionPrefix: `${escapeLike(action.replace(/\.$/, ''))}.%` });
    const target = f.target?.trim();
    if (target) qb.andWhere('(e.targetId = :target OR e.targetType = :target)', { target });
    if (from) qb.andWhere('e.createdAt >= :from', { from });
    if (to) qb.andWhere('e.createdAt <= :to', { to });
    const [rows, total] = await qb.orderBy('e.createdAt', 'DESC').addOrderBy('e.id', 'DESC').skip(offset).take(limit).getManyAndCount();
    return {
      events: rows.map((e) => ({
        id: e.id,
        createdAt: e.createdAt.toISOString(),
        actor: { type: e.actorType, id: e.actorId, label: e.actorLabel },
        action: e.action,
        target: { type: e.targetType, id: e.targetId },
        before: e.before,
        after: e.after,
        requestId: e.requestId,
        ip: e.ip,
      })),
      total,
      limit,
      offset,
    };
  }
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
