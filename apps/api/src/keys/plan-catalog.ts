import type { PlanDefinition } from '@vigil/contracts';

/** The configured plans by id; an unknown plan id falls back to the first (most restrictive) plan. */
export class PlanCatalog {
  private readonly byId: Map<string, PlanDefinition>;

  constructor(readonly plans: readonly PlanDefinition[]) {
    this.byId = new Map(plans.map((p) => [p.id, p]));
  }

  get(id: string): PlanDefinition {
    return this.byId.get(id) ?? this.plans[0];
  }
}
