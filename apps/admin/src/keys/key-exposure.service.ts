import { Inject, Injectable } from '@nestjs/common';
import { checkKeyFormat, hashApiKey } from '@vigil/auth';
import type { ApiKeyResponse, KeyExposureRequest, SecretScanningReport, SecretScanningResponse } from '@vigil/contracts';
import { ApiKeyRepository } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { sha256Hex } from '../common/sha256-hex';
import type { Actor } from '../common/actor';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';
import { AccountEmailComposer } from '../email/account-email.composer';
import { MailerService } from '../email/mailer.service';
import { KeysService } from './keys.service';
import { WebhookOutbox, keyAudience, webhookKeyData } from '../webhooks/webhook-outbox';

/** Who reported an exposure and where the key was seen (never the key). */
export interface ExposureReport {
  source: string;
  url?: string;
}

/**
 * Leak response: a key reported as exposed (by GitHub secret scanning, an operator, or its owner) is revoked at once
 * in one transaction with a `key.exposed` audit event, every API instance refuses it within the NOTIFY delay, and
 * the account's owner gets an email saying where it was found and what to do. The key itself is never stored in the
 * report, the log or the email.
 */
@Injectable()
export class KeyExposureService {
  private readonly composer: AccountEmailComposer;
  private readonly webhooks = new WebhookOutbox();

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly keys: KeysService,
    private readonly mailer: MailerService,
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
  ) {
    this.composer = new AccountEmailComposer(config.ADMIN_PUBLIC_URL ?? `http://localhost:${config.ADMIN_PORT}`);
  }

  /** GitHub's report: every token that is one of our keys is revoked and labelled a true positive. */
  async reportTokens(report: SecretScanningReport, actor: Actor): Promise<SecretScanningResponse> {
    const out: SecretScanningResponse = [];
    for (const found of report) {
      const keyId = await this.keyIdOf(found.token);
      if (keyId) await this.expose(keyId, { source: `GitHub secret scanning (${found.source ?? 'unknown source'})`, url: found.url }, actor);
      out.push({ token_hash: sha256Hex(found.token), token_type: found.type, label: keyId ? 'true_positive' : 'false_positive' });
    }
    return out;
  }

  /** An operator's or admin's report of a key by id (or, from the CLI, by the exposed key itself). */
  async reportKey(idOrToken: string, report: KeyExposureRequest, actor: Actor): Promise<ApiKeyResponse> {
    const keyId = idOrToken.includes('_') ? await this.keyIdOf(idOrToken) : idOrToken;
    if (!keyId) throw new ProblemException('NotFound', { detail: 'No key matches.' });
    await this.expose(keyId, { source: report.source ?? `reported by ${actor.label ?? actor.type}`, url: report.url }, actor);
    return this.keys.get({ accountId: null }, keyId);
  }

  private async keyIdOf(token: string): Promise<string | null> {
    if (!checkKeyFormat(this.config.VIGIL_KEY_PREFIX, token).ok) return null;
    return (await new ApiKeyRepository(this.dataSource).findByHash(hashApiKey(token)))?.id ?? null;
  }

  private async expose(keyId: string, report: ExposureReport, actor: Actor): Promise<void> {
    let wait: (() => Promise<void>) | undefined;
    const notify = await this.dataSource.transaction(async (m) => {
      const { key, account } = await this.keys.load(m, { accountId: null }, keyId, true);
      wait = await this.keys.markRevoked(m, key);
      const wasActive = wait !== undefined;
      await this.audit.record(m, actor, {
        organisationId: key.organisationId,
        action: 'key.exposed',
        targetType: 'api_key',
        targetId: key.id,
        before: { status: wasActive ? 'active' : 'revoked' },
        after: { status: 'revoked', source: report.source, ...(report.url ? { url: report.url } : {}), revokedNow: wasActive },
      });
      await this.webhooks.emit(m, 'key.exposed', keyAudience(key), {
        ...webhookKeyData(key),
        source: report.source,
        ...(report.url ? { url: report.url } : {}),
        revokedNow: wasActive,
        revokedAt: key.revokedAt?.toISOString() ?? null,
      });
      return { to: await this.peopleToTell(m, key.organisationId, key.accountId, account.email), hint: key.hint, label: key.label };
    });
    await wait?.();
    for (const to of notify.to) this.mailer.send(this.composer.keyExposed(to, { hint: notify.hint, label: notify.label }, report));
  }

  /**
   * Who hears of a leaked key: the organisation's owner (whose plan the key used), its admins (who can
   * act on any key of it) and the key's maker while still a member (who may have leaked it and must replace it where
   * it is used). Each address once.
   */
  private async peopleToTell(m: EntityManager, organisationId: string, makerId: string, ownerEmail: string): Promise<string[]> {
    const rows = await m.query<{ email: string }[]>(
      `SELECT a.email FROM organisation_member om JOIN account a ON a.id = om.account_id
        WHERE om.organisation_id = $1 AND (om.role IN ('owner', 'admin') OR om.account_id = $2)
        ORDER BY (om.role = 'owner') DESC, a.email`,
      [organisationId, makerId],
    );
    return [...new Set([ownerEmail, ...rows.map((r) => r.email)])];
  }
}
