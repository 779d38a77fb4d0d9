import { Inject, Injectable } from '@nestjs/common';
import { type PlanDefinition, effectivePlanId, planById } from '@vigil/contracts';
import { AccountEntity, SessionEntity } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../common/actor';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';
import { KeyEventsPublisher } from '../keys/key-events.publisher';
import { PasswordHasher } from './password-hasher';
import { passwordProblem } from './password-policy';
import type { AccountView } from '@vigil/contracts';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;

/** Accounts: creation (with the trial), passwords, suspension. Every change is audited. */
@Injectable()
export class AccountsService {
  readonly hasher = new PasswordHasher();

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly events: KeyEventsPublisher,
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
  ) {}

  plan(id: string): PlanDefinition {
    return planById(this.config.VIGIL_PLANS, id);
  }

  view(a: AccountEntity): AccountView {
    const trial = a.trialPlan && a.trialEndsAt ? { plan: a.trialPlan, endsAt: a.trialEndsAt.toISOString(), active: a.trialEndsAt > new Date() } : null;
    return {
      id: a.id,
      email: a.email,
      role: a.role,
      status: a.status,
      plan: this.plan(effectivePlanId(a)),
      accountPlan: a.plan,
      trial,
      emailVerified: a.emailVerifiedAt !== null && a.emailVerifiedAt !== undefined,
      createdAt: a.createdAt.toISOString(),
      lastActiveAt: a.lastActiveAt ? a.lastActiveAt.toISOString() : null,
    };
  }

  /** Refuses a malformed address or a weak password with the usual validation problem (nothing is written). */
  validateNew(email: string, password: string | undefined): void {
    const errors = [];
    if (!EMAIL.test(email)) errors.push({ pointer: '/email', code: 'format', message: 'must be an email address' });
    const pw = password === undefined ? null : passwordProblem(password, email);
    if (pw) errors.push({ pointer: '/password', code: 'weak_password', message: `password ${pw}` });
    if (errors.length) throw new ProblemException('ValidationFailed', { detail: errors.map((e) => e.message).join('; '), errors });
  }

  /**
   * Creates an account with the trial. Accounts created by the operator or an admin count as verified (they vouch
   * for the address); a self-service sign-up passes `emailVerified: false` and a pre-computed `passwordHash`, and
   * `within` runs in the same transaction (the sign-up issues its verification token there).
   */
  async create(
    input: { email: string; password?: string; passwordHash?: string; role?: 'user' | 'admin'; emailVerified?: boolean },
    actor: Actor,
    within?: (m: EntityManager, account: AccountEntity) => Promise<void>,
  ): Promise<AccountEntity> {
    const email = input.email.trim();
    this.validateNew(email, input.password);
    const passwordHash = input.passwordHash ?? (input.password === undefined ? null : await this.hasher.hash(input.password));
    const trialDays = this.config.TRIAL_DAYS;
    try {
      return await this.dataSource.transaction(async (m) => {
        const account = m.create(AccountEntity, {
          email,
          passwordHash,
          role: input.role ?? 'user',
          plan: this.config.VIGIL_PLANS[0].id,
          trialPlan: trialDays > 0 ? this.config.TRIAL_PLAN : null,
          trialEndsAt: trialDays > 0 ? new Date(Date.now() + trialDays * 86_400_000) : null,
          emailVerifiedAt: input.emailVerified === false ? null : new Date(),
        });
        await m.save(account);
        await this.audit.record(m, actor.type === 'account' ? { ...actor, accountId: account.id } : actor, {
          action: 'account.create',
          targetType: 'account',
          targetId: account.id,
          after: {
            email,
            role: account.role,
            plan: account.plan,
            trialPlan: account.trialPlan,
            trialEndsAt: account.trialEndsAt?.toISOString() ?? null,
            emailVerified: account.emailVerifiedAt !== null,
          },
        });
        await within?.(m, account);
        return account;
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new ProblemException('Conflict', { detail: 'An account with this email already exists.' });
      throw error;
    }
  }

  async findByEmail(email: string, manager: EntityManager = this.dataSource.manager): Promise<AccountEntity | null> {
    return manager.createQueryBuilder(AccountEntity, 'a').addSelect('a.passwordHash').where('lower(a.email) = lower(:email)', { email: email.trim() }).getOne();
  }

  async findById(id: string): Promise<AccountEntity | null> {
    return this.dataSource.manager.findOne(AccountEntity, { where: { id } });
  }

  async requireByEmail(email: string): Promise<AccountEntity> {
    const a = await this.findByEmail(email);
    if (!a) throw new ProblemException('NotFound', { detail: `No account with email ${email}.` });
    return a;
  }

  /** Suspends or reactivates; all the account's keys stop (or resume) working on every API instance at once. */
  async setStatus(accountId: string, status: 'active' | 'suspended', actor: Actor): Promise<AccountEntity> {
    let wait: (() => Promise<void>) | undefined;
    const account = await this.dataSource.transaction(async (m) => {
      const a = await m.findOne(AccountEntity, { where: { id: accountId }, lock: { mode: 'pessimistic_write' } });
      if (!a) throw new ProblemException('NotFound', { detail: 'Account not found.' });
      if (a.status === status) return a;
      const before = { status: a.status };
      a.status = status;
      a.suspendedAt = status === 'suspended' ? new Date() : null;
      await m.save(a);
      await this.audit.record(m, actor, {
        action: status === 'suspended' ? 'account.suspend' : 'account.reactivate',
        targetType: 'account',
        targetId: a.id,
        before,
        after: { status },
      });
      wait = await this.events.publish(m, { type: 'account', accountId: a.id });
      return a;
    });
    await wait?.();
    return account;
  }

  /** Ends every dashboard session of an account, inside the caller's transaction (after a password change). */
  async endSessions(m: EntityManager, accountId: string): Promise<void> {
    await m.delete(SessionEntity, { accountId });
  }

  async changePassword(accountId: string, newPassword: string, actor: Actor): Promise<void> {
    const a = await this.findById(accountId);
    if (!a) throw new ProblemException('NotFound', { detail: 'Account not found.' });
    const problem = passwordProblem(newPassword, a.email);
    if (problem)
      throw new ProblemException('ValidationFailed', {
        detail: `newPassword ${problem}`,
        errors: [{ pointer: '/newPassword', code: 'weak_password', message: `password ${problem}` }],
      });
    const hash = await this.hasher.hash(newPassword);
    await this.dataSource.transaction(async (m) => {
      await m.update(AccountEntity, { id: accountId }, { passwordHash: hash });
      await this.endSessions(m, accountId);
      await this.audit.record(m, actor, { action: 'account.password_change', targetType: 'account', targetId: accountId });
    });
  }
}
