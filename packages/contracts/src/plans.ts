import type { z } from 'zod';
import type { PlanSchema } from './accounts/account.response';

/** A commercial plan: the default per-key rate limit, a monthly request quota and a key cap (its schema: `PlanSchema`). */
export type PlanDefinition = z.infer<typeof PlanSchema>;

/** Built-in plans; a deployment may replace them with `VIGIL_PLANS` (JSON array of PlanDefinition). */
export const DEFAULT_PLANS: readonly PlanDefinition[] = Object.freeze([
  { id: 'free', name: 'Free', rateLimit: { limit: 60, windowSeconds: 60 }, monthlyQuota: 10_000, maxKeys: 3 },
  { id: 'pro', name: 'Pro', rateLimit: { limit: 600, windowSeconds: 60 }, monthlyQuota: 1_000_000, maxKeys: 25 },
]);

/** The plan in force: the trial plan while the trial runs, else the account's own plan. */
export function effectivePlanId(account: { plan: string; trialPlan: string | null; trialEndsAt: Date | null }, now = new Date()): string {
  return account.trialPlan && account.trialEndsAt && account.trialEndsAt > now ? account.trialPlan : account.plan;
}

/** The plan with this id; an unknown id (a plan removed from the configuration) falls back to the first plan. */
export function planById(plans: readonly PlanDefinition[], id: string): PlanDefinition {
  return plans.find((p) => p.id === id) ?? plans[0];
}
