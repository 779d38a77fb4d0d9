import { Inject, Injectable } from '@nestjs/common';
import { AccountEntity } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../common/actor';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';
import { type AccountEmail, AccountEmailComposer } from '../email/account-email.composer';
import { MailerService } from '../email/mailer.service';
import { AccountTokensService, TOKEN_LIFETIME_MS } from './account-tokens.service';
import { AccountsService } from './accounts.service';
import { passwordProblem } from './password-policy';

const HOURS = TOKEN_LIFETIME_MS.verify_email / 3_600_000;
const MINUTES = TOKEN_LIFETIME_MS.reset_password / 60_000;

/**
 * Everything that proves or recovers an email address: sign-up with verification, resending it, password reset,
 * and the operator's verify / reset-link. Sign-up and reset requests answer the same whether or not the address
 * has an account; only the mailbox's owner learns which it was.
 */
@Injectable()
export class AccountEmailService {
  private readonly composer: AccountEmailComposer;

  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly tokens: AccountTokensService,
    private readonly mailer: MailerService,
    private readonly audit: AuditService,
    @Inject(ADMIN_CONFIG) config: AdminConfig,
  ) {
    this.composer = new AccountEmailComposer(config.ADMIN_PUBLIC_URL ?? `http://localhost:${config.ADMIN_PORT}`);
  }

  /**
   * Sign-up. A new address gets an unverified account and a verification link; an address with an unverified
   * account gets a new link bound to this sign-up's password (so the mailbox owner's own sign-up decides the
   * password, not an earlier one by someone else); a verified address gets an "already registered" email with a
   * reset link. The caller sees none of this. Weak passwords and bad addresses are refused first, alike for all.
   */
  async signup(input: { email: string; password: string }, actor: Actor): Promise<void> {
    const email = input.email.trim();
    this.accounts.validateNew(email, input.password);
    const passwordHash = await this.accounts.hasher.hash(input.password);
    if (await this.accounts.findByEmail(email)) return this.signupExisting(email, passwordHash, actor);
    const outbox: AccountEmail[] = [];
    try {
      await this.accounts.create({ email, passwordHash, emailVerified: false }, actor, async (m, account) => {
        const token = await this.tokens.issue(m, account.id, 'verify_email', passwordHash);
        if (token) outbox.push(this.composer.verification(account.email, token, HOURS));
      });
    } catch (error) {
      if (!(error instanceof ProblemException && error.key === 'Conflict')) throw error;
      return this.signupExisting(email, passwordHash, actor); // a concurrent sign-up created it first
    }
    for (const message of outbox) this.mailer.send(message);
  }

  private async signupExisting(email: string, passwordHash: string, actor: Actor): Promise<void> {
    const message = await this.dataSource.transaction(async (m) => {
      const account = await this.accounts.findByEmail(email, m);
      if (!account) return null;
      const verified = account.emailVerifiedAt !== null;
      const token = verified ? await this.tokens.issue(m, account.id, 'reset_password') : await this.tokens.issue(m, account.id, 'verify_email', passwordHash);
      if (!token) return null;
      await this.audit.record(
        m,
        { ...actor, accountId: null },
        { action: 'account.signup_existing', targetType: 'account', targetId: account.id, after: { emailed: verified ? 'already_registered' : 'verify_email' } },
      );
      return verified ? this.composer.alreadyRegistered(account.email, token, MINUTES) : this.composer.verification(account.email, token, HOURS);
    });
    if (message) this.mailer.send(message);
  }

  /** Follows a verification link: the account is verified, with the password of the sign-up that sent the link. */
  async verify(token: string, actor: Actor): Promise<{ email: string }> {
    return this.dataSource.transaction(async (m) => {
      const row = await this.tokens.consume(m, token, 'verify_email');
      const account = await m.findOne(AccountEntity, { where: { id: row.accountId }, lock: { mode: 'pessimistic_write' } });
      if (!account) throw new ProblemException('LinkInvalid', { detail: 'This link is not valid any more.' });
      if (account.emailVerifiedAt === null) {
        await m.update(AccountEntity, { id: account.id }, { emailVerifiedAt: new Date(), ...(row.passwordHash ? { passwordHash: row.passwordHash } : {}) });
        // Sessions opened with a password other than this sign-up's (someone else's earlier sign-up) end here.
        await this.accounts.endSessions(m, account.id);
      }
      await this.tokens.retire(m, account.id, ['verify_email']);
      await this.audit.record(
        m,
        { ...actor, accountId: actor.accountId ?? account.id, label: actor.label ?? account.email },
        { action: 'account.email_verify', targetType: 'account', targetId: account.id },
      );
      return { email: account.email };
    });
  }

  /** A new verification link for the signed-in, unverified account (bound to its current password). */
  async resend(accountId: string, actor: Actor): Promise<void> {
    const message = await this.dataSource.transaction(async (m) => {
      const account = await m.createQueryBuilder(AccountEntity, 'a').addSelect('a.passwordHash').where('a.id = :id', { id: accountId }).setLock('pessimistic_write').getOne();
      if (!account) throw new ProblemException('NotFound', { detail: 'Account not found.' });
      if (account.emailVerifiedAt) throw new ProblemException('Conflict', { detail: 'This email address is already verified.' });
      const token = await this.tokens.issue(m, account.id, 'verify_email', account.passwordHash);
      if (!token)
        throw new ProblemException('RateLimited', {
          detail: 'Several links were sent in the last hour; use the newest one or try again later.',
          headers: { 'retry-after': '3600' },
        });
      await this.audit.record(m, actor, { action: 'account.verification_resend', targetType: 'account', targetId: account.id });
      return this.composer.verification(account.email, token, HOURS);
    });
    this.mailer.send(message);
  }

  /** "Forgot password": a reset link if the address has an account; the same answer either way. */
  async requestReset(emailInput: string, actor: Actor): Promise<void> {
    const email = emailInput.trim();
    const message = await this.dataSource.transaction(async (m) => {
      const account = await this.accounts.findByEmail(email, m);
      if (!account) return null;
      const token = await this.tokens.issue(m, account.id, 'reset_password');
      if (!token) return null;
      await this.audit.record(m, { ...actor, accountId: null }, { action: 'account.password_reset_request', targetType: 'account', targetId: account.id });
      return this.composer.passwordReset(account.email, token, MINUTES);
    });
    if (message) this.mailer.send(message);
  }

  /**
   * Follows a reset link: a new password (checked before the link is used up, so a weak one can be corrected), the
   * address counts as verified (the link proved it), every session ends and every other emailed link is retired.
   */
  async resetPassword(token: string, newPassword: string, actor: Actor): Promise<{ email: string }> {
    const peeked = await this.tokens.peek(token, 'reset_password');
    const account = await this.accounts.findById(peeked.accountId);
    if (!account) throw new ProblemException('LinkInvalid', { detail: 'This link is not valid any more.' });
    const problem = passwordProblem(newPassword, account.email);
    if (problem)
      throw new ProblemException('ValidationFailed', {
        detail: `newPassword ${problem}`,
        errors: [{ pointer: '/newPassword', code: 'weak_password', message: `password ${problem}` }],
      });
    const hash = await this.accounts.hasher.hash(newPassword);
    await this.dataSource.transaction(async (m) => {
      await this.tokens.consume(m, token, 'reset_password');
      await m.update(AccountEntity, { id: account.id }, { passwordHash: hash, emailVerifiedAt: account.emailVerifiedAt ?? new Date() });
      await this.accounts.endSessions(m, account.id);
      await this.tokens.retire(m, account.id, ['reset_password', 'verify_email']);
      await this.audit.record(
        m,
        { ...actor, accountId: actor.accountId ?? account.id, label: actor.label ?? account.email },
        { action: 'account.password_reset', targetType: 'account', targetId: account.id },
      );
    });
    return { email: account.email };
  }

  /** Operator: marks an address verified without a link (the CLI's `accounts verify`). */
  async markVerified(accountId: string, actor: Actor): Promise<AccountEntity> {
    return this.dataSource.transaction(async (m) => {
      const account = await m.findOne(AccountEntity, { where: { id: accountId }, lock: { mode: 'pessimistic_write' } });
      if (!account) throw new ProblemException('NotFound', { detail: 'Account not found.' });
      if (account.emailVerifiedAt) return account;
      account.emailVerifiedAt = new Date();
      await m.update(AccountEntity, { id: account.id }, { emailVerifiedAt: account.emailVerifiedAt });
      await this.tokens.retire(m, account.id, ['verify_email']);
      await this.audit.record(m, actor, { action: 'account.email_verify', targetType: 'account', targetId: account.id, after: { by: 'operator' } });
      return account;
    });
  }

  /** Operator: a reset link handed over out of band (the CLI's `accounts reset-link`); not emailed, not logged. */
  async resetLink(accountId: string, actor: Actor): Promise<{ link: string; expiresInMinutes: number }> {
    return this.dataSource.transaction(async (m) => {
      const account = await m.findOne(AccountEntity, { where: { id: accountId } });
      if (!account) throw new ProblemException('NotFound', { detail: 'Account not found.' });
      const token = await this.tokens.issue(m, account.id, 'reset_password');
      if (!token) throw new ProblemException('RateLimited', { detail: `${account.email} has had several links in the last hour; use the newest one or try again later.` });
      await this.audit.record(m, actor, { action: 'account.password_reset_link', targetType: 'account', targetId: account.id });
      return { link: this.composer.link('reset-password', token), expiresInMinutes: MINUTES };
    });
  }
}
