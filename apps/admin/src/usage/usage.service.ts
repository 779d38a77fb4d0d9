import { Injectable } from '@nestjs/common';
import { effectivePlanId } from '@vigil/contracts';
import { type AccountEntity, ApiKeyRepository } from '@vigil/db';
import { DataSource } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service';
import type { KeyUsage, UsageCounts, UsageDay, UsageResponse } from '@vigil/contracts';

const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Per-key daily request counts (table `api_key_usage`, written in batches by the API) for one account. */
@Injectable()
export class UsageService {
  private readonly keys: ApiKeyRepository;

  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
  ) {
    this.keys = new ApiKeyRepository(dataSource);
  }

  async forAccount(account: AccountEntity, days: number, now = new Date()): Promise<UsageResponse> {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const dates = Array.from({ length: days }, (_, i) => isoDay(today - (days - 1 - i) * DAY_MS));
    const from = dates[0];
    const to = dates[dates.length - 1];
    const monthStart = isoDay(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const since = monthStart < from ? monthStart : from;

    const rows = await this.keys.usageDays(account.id, since, to);
    const keys = await this.keys.listByAccount(account.id);
    const tags = await this.keys.tagUsage(account.id, from, to);

    const byKey = new Map<string, Map<string, UsageCounts>>();
    let used = 0;
    for (const r of rows) {
      const c = { allowed: r.allowed, rateLimited: r.rateLimited, denied: r.denied };
      if (r.day >= monthStart) used += c.allowed;
      if (r.day < from) continue;
      let m = byKey.get(r.keyId);
      if (!m) byKey.set(r.keyId, (m = new Map<string, UsageCounts>()));
      m.set(r.day, c);
    }

    const totalsByDay = new Map<string, UsageCounts>(dates.map((d) => [d, zero()]));
    const keyUsage: KeyUsage[] = [];
    for (const k of keys) {
      const m = byKey.get(k.id);
      const status = k.status === 'active' && k.expiresAt && k.expiresAt.getTime() <= now.getTime() ? 'expired' : k.status;
      if (!m && status === 'revoked') continue; // a revoked key with no traffic in range is noise
      const daily: UsageDay[] = dates.map((day) => ({ day, ...(m?.get(day) ?? zero()) }));
      for (const d of daily) add(totalsByDay.get(d.day)!, d);
      keyUsage.push({ id: k.id, label: k.label, hint: k.hint, status, totals: daily.reduce((acc, d) => add(acc, d), zero()), daily });
    }
    const daily = dates.map((day) => ({ day, ...totalsByDay.get(day)! }));
    const totals = daily.reduce((acc, d) => add(acc, d), zero());
    // The quota's own counter covers every key of the organisations this account owns, members' keys included.
    const counted: { calls: string }[] = await this.dataSource.query(`SELECT calls FROM account_month_usage WHERE account_id = $1 AND month = $2::date`, [account.id, monthStart]);
    if (counted[0]) used = Math.max(used, Number(counted[0].calls));
    const plan = this.accounts.plan(effectivePlanId(account, now));
    return {
      days,
      from,
      to,
      totals,
      daily,
      keys: keyUsage,
      tags,
      untaggedAllowed: Math.max(0, totals.allowed - tags.reduce((n, t) => n + t.allowed, 0)),
      month: { start: monthStart, used, quota: plan.monthlyQuota, remaining: Math.max(0, plan.monthlyQuota - used), plan: { id: plan.id, name: plan.name } },
    };
  }
}

function zero(): UsageCounts {
  return { allowed: 0, rateLimited: 0, denied: 0 };
}

function add(acc: UsageCounts, c: UsageCounts): UsageCounts {
  acc.allowed += c.allowed;
  acc.rateLimited += c.rateLimited;
  acc.denied += c.denied;
  return acc;
}
