import { Injectable } from '@nestjs/common';
import { AuditChainRepository } from '@vigil/db';
import type { EntityManager } from 'typeorm';
import type { Actor } from '../common/actor';
import { type AuditRouting, auditChainFor } from './audit-chain-route.policy';

export interface AuditInput extends AuditRouting {
  action: string;
  targetType: string;
  targetId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Writes audit events inside the caller's transaction, so a change and its record land (or fail) together. Each
 * event is chained to its predecessor by hash (`AuditChainRepository`): `./vigil audit verify` finds an edit or a
 * deletion. An event that concerns an organisation (`organisationId`) goes to that organisation's chain
 * (`org:<id>`), a platform event to `deployment` ({@link auditChainFor}).
 */
@Injectable()
export class AuditService {
  async record(manager: EntityManager, actor: Actor, input: AuditInput): Promise<void> {
    await new AuditChainRepository(manager.connection).append(
      manager,
      {
        actorType: actor.type,
        actorId: actor.accountId ?? null,
        actorLabel: actor.label ?? null,
        action: input.action,
        targetType: input.targetType,
        targetId: input.targetId,
        before: input.before ?? null,
        after: input.after ?? null,
        requestId: actor.requestId ?? null,
        ip: actor.ip ?? null,
      },
      auditChainFor(input),
    );
  }
}
