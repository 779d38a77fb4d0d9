import { type PlanDefinition, planById } from '@vigil/contracts';

/** The configured plans (`VIGIL_PLANS`), injectable into the key-policy services. */
export class PlanCatalog {
  constructor(readonly plans: readonly PlanDefinition[]) {}

  get(id: string): PlanDefinition {
    return planById(this.plans, id);
  }
}
