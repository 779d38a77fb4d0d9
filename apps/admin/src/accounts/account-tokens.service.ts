import { Injectable } from '@nestjs/common';
import { AccountTokenEntity, type AccountTokenPurpose } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../common/sha256-hex';
import { DataSource, type EntityManager, IsNull, MoreThan } from 'typeorm';

/** How long an emailed link works. */
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = { verify_email: 24 * 3_600_000, reset_password: 3_600_000 };

/** At most this many emailed tokens per account per hour: sign-up and reset forms cannot be used to flood an inbox. */
export const TOKENS_PER_ACCOUNT_HOUR = 5;

/** Hex only, so no log scrubber pattern can cut a logged link in two. */
const TOKEN_SHAPE = /^[0-9a-f]{64}$/;

/**
 * Single-use emailed tokens (verification, password reset): 256 random bits, shown once in a link, stored only as
 * SHA-256, expiring, consumed under a row lock so two clicks cannot both succeed.
 */
@Injectable()
export class AccountTokensService {
  constructor(private readonly dataSource: DataSource) {}

  /** A new token, or null when the account has had its hourly share of emails (the caller then sends nothing). */
  async issue(m: EntityManager, accountId: string, purpose: AccountTokenPurpose, passwordHash: string | null = null): Promise<string | null> {
    const recent = await m.count(AccountTokenEntity, { where: { accountId, createdAt: MoreThan(new Date(Date.now() - 3_600_000)) } });
    if (recent >= TOKENS_PER_ACCOUNT_HOUR) return null;
    const token = randomBytes(32).toString('hex');
    await m.insert(AccountTokenEntity, { accountId, purpose, tokenHash: sha256Hex(token), passwordHash, expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]) });
    return token;
  }

  /** The live token row (not consumed), or a `link_invalid` problem saying why it cannot be used. */
  async peek(token: string, purpose: AccountTokenPurpose, m: EntityManager = this.dataSource.manager, lock = false): Promise<AccountTokenEntity> {
    let row: AccountTokenEntity | null = null;
    if (TOKEN_SHAPE.test(token)) {
      const query = m
        .createQueryBuilder(AccountTokenEntity, 't')
        .addSelect('t.passwordHash')
        .where('t.token_hash = :h AND t.purpose = :purpose', { h: sha256Hex(token), purpose });
      if (lock) query.setLock('pessimistic_write');
      row = await query.getOne();
    }
    if (!row) throw new ProblemException('LinkInvalid', { detail: 'This link is not valid. Copy the whole link from the email, or ask for a new one.' });
    if (row.usedAt) throw new ProblemException('LinkInvalid', { detail: 'This link has already been used. Ask for a new one if you still need it.' });
    if (row.expiresAt.getTime() <= Date.now()) throw new ProblemException('LinkInvalid', { detail: 'This link has expired. Ask for a new one.' });
    return row;
  }

  /** Checks and uses up a token inside the caller's transaction. */
  async consume(m: EntityManager, token: string, purpose: AccountTokenPurpose): Promise<AccountTokenEntity> {
    const row = await this.peek(token, purpose, m, true);
    await m.update(AccountTokenEntity, { id: row.id }, { usedAt: new Date() });
    return row;
  }

  /** Retires every unused token of these purposes for an account (after verification or a password change). */
  async retire(m: EntityManager, accountId: string, purposes: AccountTokenPurpose[]): Promise<void> {
    for (const purpose of purposes) await m.update(AccountTokenEntity, { accountId, purpose, usedAt: IsNull() }, { usedAt: new Date() });
  }
}
