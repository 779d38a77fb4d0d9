import { z } from 'zod';

export const PlanSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    rateLimit: z.object({ limit: z.int(), windowSeconds: z.int() }),
    monthlyQuota: z.int(),
    maxKeys: z.int(),
  })
  .meta({ id: 'Plan' });

/** An account as its owner and the internal admin see it. */
export const AccountViewSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(['user', 'admin']),
    status: z.enum(['active', 'suspended']),
    plan: PlanSchema.describe('The plan in force (the trial plan while the trial runs)'),
    accountPlan: z.string(),
    trial: z.object({ plan: z.string(), endsAt: z.string(), active: z.boolean() }).nullable(),
    emailVerified: z.boolean(),
    createdAt: z.string(),
    lastActiveAt: z.string().nullable(),
  })
  .meta({ id: 'Account' });
export type AccountView = z.infer<typeof AccountViewSchema>;

/** `GET /api/auth/me`, and an admin's suspend/reactivate. */
export const AccountResponseSchema = z.object({ account: AccountViewSchema });

/** `POST /api/auth/login`: the account and the CSRF token to echo in `x-csrf-token`. */
export const LoginResponseSchema = z.object({ account: AccountViewSchema, csrfToken: z.string() });

/** The answer of sign-up, verification and password-reset steps: a status word and a sentence for people. */
export const AuthStatusResponseSchema = z.object({
  status: z.enum(['verification_sent', 'verified', 'reset_sent', 'password_reset']),
  email: z.string().optional(),
  detail: z.string(),
});
