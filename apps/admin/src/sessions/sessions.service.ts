import { Inject, Injectable } from '@nestjs/common';
import { AccountEntity, SessionEntity } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../common/sha256-hex';
import { DataSource } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service';
import { AuditService } from '../audit/audit.service';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';

export interface SessionContext {
  sessionId: string;
  csrfHash: string;
  account: AccountEntity;
}

/** Server-side sessions: random tokens in cookies, only their SHA-256 in the database; idle and absolute expiry. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly audit: AuditService,
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
  ) {}

  /**
   * `Secure` cookies whenever the request really arrived over HTTPS (directly, or per `X-Forwarded-Proto` from a
   * proxy listed in `TRUSTED_PROXIES`), and always in production.
   */
  cookieSecure(req: { protocol?: string }): boolean {
    return this.config.NODE_ENV === 'production' || req.protocol === 'https';
  }

  get absoluteSeconds(): number {
    return this.config.SESSION_ABSOLUTE_HOURS * 3600;
  }

  /** Verifies credentials with a generic failure; a fresh session id every time (rotation at login). */
  async login(email: string, password: string, meta: { ip: string; userAgent?: string; requestId: string }): Promise<{ token: string; csrf: string; account: AccountEntity }> {
    const account = await this.accounts.findByEmail(email);
    const ok = await this.accounts.hasher.verify(account?.passwordHash, password);
    if (!account || !ok) throw new ProblemException('InvalidCredentials', { detail: 'The email or password is incorrect.' });
    if (account.status === 'suspended') throw new ProblemException('AccountSuspended', { detail: 'This account is suspended; contact the operator.' });
    const token = randomBytes(32).toString('base64url');
    const csrf = randomBytes(32).toString('base64url');
    await this.dataSource.transaction(async (m) => {
      await m.insert(SessionEntity, {
        tokenHash: sha256Hex(token),
        csrfHash: sha256Hex(csrf),
        accountId: account.id,
        lastSeenAt: new Date(),
        expiresAt: new Date(Date.now() + this.absoluteSeconds * 1000),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      });
      await m.update(AccountEntity, { id: account.id }, { lastActiveAt: new Date() });
      await this.audit.record(
        m,
        { type: 'account', accountId: account.id, label: account.email, requestId: meta.requestId, ip: meta.ip },
        { action: 'session.login', targetType: 'account', targetId: account.id },
      );
    });
    return { token, csrf, account };
  }

  /** The live session for a cookie token, or null (expired by idle or absolute time, or unknown). */
  async resolve(token: string | undefined): Promise<SessionContext | null> {
    if (!token || token.length > 200) return null;
    const row = await this.dataSource.manager.findOne(SessionEntity, { where: { tokenHash: sha256Hex(token) } });
    if (!row) return null;
    const now = Date.now();
    const idleMs = this.config.SESSION_IDLE_MINUTES * 60_000;
    if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + idleMs <= now) {
      await this.dataSource.manager.delete(SessionEntity, { id: row.id });
      return null;
    }
    const account = await this.accounts.findById(row.accountId);
    if (!account) return null;
    if (now - row.lastSeenAt.getTime() > 30_000) {
      await this.dataSource.manager.update(SessionEntity, { id: row.id }, { lastSeenAt: new Date(now) });
      await this.dataSource.manager.update(AccountEntity, { id: account.id }, { lastActiveAt: new Date(now) });
    }
    return { sessionId: row.id, csrfHash: row.csrfHash, account };
  }

  csrfMatches(session: SessionContext, token: string | undefined): boolean {
    if (!token) return false;
    const a = Buffer.from(sha256Hex(token));
    const b = Buffer.from(session.csrfHash);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  async logout(sessionId: string): Promise<void> {
    await this.dataSource.manager.delete(SessionEntity, { id: sessionId });
  }
}
