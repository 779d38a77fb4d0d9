import { Inject, Injectable } from '@nestjs/common';
import { effectivePlanId } from '@vigil/contracts';
import { WebhookRepository } from '@vigil/db';
import { DataSource } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';
import { quotaThresholdsReached } from './quota-threshold.policy';
import { WebhookOutbox, keyAudience, webhookKeyData } from './webhook-outbox';

/** Finished events (and their delivery log) are kept this long. */
export const WEBHOOK_RETENTION_DAYS = 30;

/**
 * The events no request causes, found by sweeping: `key.expiring` (an active key expiring within
 * `VIGIL_KEY_EXPIRY_WARNING_DAYS`, to its organisation's endpoints; at most one notice per key per 7 days) and `quota.threshold` (an account's calls
 * this UTC month reached 80 % or 100 % of its plan's monthly quota, to the endpoints of every organisation it owns;
 * once per account, threshold and month). Each
 * notice is claimed in `webhook_notice` in the transaction that writes its event, so two admin instances sweeping at
 * once announce it once. Each run also deletes finished events older than {@link WEBHOOK_RETENTION_DAYS} days.
 */
@Injectable()
export class WebhookSweepsService {
  private readonly outbox = new WebhookOutbox();

  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
  ) {}

  /** Both sweeps, then the retention of finished events; returns the number of events written and pruned. */
  async run(): Promise<{ expiring: number; quota: number; pruned: number }> {
    const expiring = await this.expiringKeys();
    const quota = await this.quotaThresholds();
    const pruned = await new WebhookRepository(this.dataSource).prune(WEBHOOK_RETENTION_DAYS, 1000);
    return { expiring, quota, pruned };
  }

  async expiringKeys(): Promise<number> {
    const days = this.config.VIGIL_KEY_EXPIRY_WARNING_DAYS;
    let written = 0;
    for (const k of await new WebhookRepository(this.dataSource).expiringKeys(days)) {
      const sent = await this.dataSource.transaction(async (m) => {
        if (!(await new WebhookRepository(m).claimNotice(m, 'key.expiring', k.keyId, '', 7))) return false;
        await this.outbox.emit(m, 'key.expiring', keyAudience(k), {
          ...webhookKeyData({ id: k.keyId, organisationId: k.organisationId, accountId: k.accountId, label: k.label, hint: k.hint }),
          expiresAt: k.expiresAt.toISOString(),
          warningDays: days,
        });
        return true;
      });
      if (sent) written++;
    }
    return written;
  }

  async quotaThresholds(): Promise<number> {
    let written = 0;
    for (const row of await new WebhookRepository(this.dataSource).monthCalls()) {
      const plan = this.accounts.plan(effectivePlanId(row));
      for (const threshold of quotaThresholdsReached(row.calls, plan.monthlyQuota)) {
        const sent = await this.dataSource.transaction(async (m) => {
          if (!(await new WebhookRepository(m).claimNotice(m, `quota.threshold.${threshold}`, row.accountId, row.month))) return false;
          // The quota is the account's plan's, used by the keys of every organisation it owns: each of those is told.
          await this.outbox.emit(
            m,
            'quota.threshold',
            { kind: 'ownedBy', accountId: row.accountId },
            {
              accountId: row.accountId,
              month: row.month,
              thresholdPercent: threshold,
              calls: row.calls,
              monthlyQuota: plan.monthlyQuota,
              plan: plan.id,
            },
          );
          return true;
        });
        if (sent) written++;
      }
    }
    return written;
  }
}
