import { CdsRepository } from '@vigil/db';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';

export interface SeededOutcome {
  outcome: 'accepted' | 'overridden';
  reasonCode?: string;
  comment?: string;
}

/**
 * Feedback rows as the API's feedback endpoint stores them, through the same repository: the card is remembered
 * with its rule first (as issuing it does), unless `ruleId` is null (feedback on a card Vigil never issued).
 */
export async function seedCdsFeedback(ds: DataSource, accountId: string, keyId: string | null, ruleId: string | null, outcomes: SeededOutcome[]): Promise<string> {
  const repo = new CdsRepository(ds);
  const cardUuid = randomUUID();
  if (ruleId) await repo.rememberCards([{ uuid: cardUuid, ruleId, ingredients: ['warfarin', 'ibuprofen'], severity: 'major' }]);
  await repo.addFeedback(
    outcomes.map((o) => ({
      accountId,
      keyId,
      serviceId: 'vigil-order-select',
      cardUuid,
      outcome: o.outcome,
      reasonSystem: o.reasonCode ? 'http://terminology.hl7.org/CodeSystem/non-adherence-reason-codes' : null,
      reasonCode: o.reasonCode ?? null,
      userComment: o.comment ?? null,
      outcomeAt: new Date(),
    })),
  );
  return cardUuid;
}

export const times = (n: number, o: SeededOutcome): SeededOutcome[] => Array.from({ length: n }, () => o);
