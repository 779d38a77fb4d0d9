import { Injectable, Logger } from '@nestjs/common';
import { CdsRepository } from '@vigil/db';
import { DataSource } from 'typeorm';

export interface IssuedCard {
  uuid: string;
  ruleId: string;
  ingredients: string[];
  severity: string;
}

const MAX_KNOWN = 100_000;

/**
 * Remembers which rule each issued card uuid stands for, so feedback (which names only the card) can be counted per
 * rule. A uuid is derived from the rule and the drugs, so the table holds one row per distinct finding, not per call;
 * uuids already written are skipped in memory. A failed write is logged and never fails the screening.
 */
@Injectable()
export class CdsCardLedger {
  private readonly logger = new Logger('CdsCards');
  private readonly known = new Set<string>();
  private readonly repo: CdsRepository;

  constructor(dataSource: DataSource) {
    this.repo = new CdsRepository(dataSource);
  }

  async remember(cards: readonly IssuedCard[]): Promise<void> {
    const fresh = cards.filter((c) => !this.known.has(c.uuid));
    if (fresh.length === 0) return;
    try {
      await this.repo.rememberCards(fresh);
      if (this.known.size + fresh.length > MAX_KNOWN) this.known.clear();
      for (const c of fresh) this.known.add(c.uuid);
    } catch (error) {
      this.logger.warn(`could not record issued cards: ${(error as Error).message}`);
    }
  }
}
