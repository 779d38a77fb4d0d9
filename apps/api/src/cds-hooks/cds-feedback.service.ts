import { Injectable } from '@nestjs/common';
import type { ApiKeyPrincipal } from '@vigil/auth';
import { CdsFeedbackRequestSchema } from '@vigil/contracts';
import { CdsRepository } from '@vigil/db';
import { parseOrThrow } from '@vigil/platform';
import { DataSource } from 'typeorm';

/** Stores CDS Hooks feedback per account, key, service and card; the card's rule comes from `cds_card`. */
@Injectable()
export class CdsFeedbackService {
  private readonly repo: CdsRepository;

  constructor(dataSource: DataSource) {
    this.repo = new CdsRepository(dataSource);
  }

  async store(serviceId: string, body: unknown, principal: ApiKeyPrincipal): Promise<{ stored: number }> {
    const { feedback } = parseOrThrow(CdsFeedbackRequestSchema, body);
    await this.repo.addFeedback(
      feedback.map((f) => ({
        accountId: principal.accountId,
        keyId: principal.keyId,
        serviceId,
        cardUuid: f.card,
        outcome: f.outcome,
        reasonSystem: f.overrideReason?.reason?.system ?? null,
        reasonCode: f.overrideReason?.reason?.code ?? null,
        userComment: f.overrideReason?.userComment ?? null,
        outcomeAt: new Date(f.outcomeTimestamp),
      })),
    );
    return { stored: feedback.length };
  }
}
