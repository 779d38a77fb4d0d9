import { Injectable } from '@nestjs/common';
import {
  type AdminCdsOverrideReportResponse,
  type AdminCdsOverrideRow,
  CDS_OVERRIDE_REASONS,
  type CdsOverrideCounts,
  type CdsOverrideGrouping,
  type CdsOverrideReportResponse,
} from '@vigil/contracts';
import { AccountEntity, CdsRepository, type CdsOverrideRow } from '@vigil/db';
import { DataSource, In } from 'typeorm';

const DAY_MS = 86_400_000;
const REASON_TEXT: ReadonlyMap<string, string> = new Map(CDS_OVERRIDE_REASONS.filter((r) => r.display).map((r) => [r.code, r.display!]));

/** Rows of one report: the account holder's page, the internal admin's page and API, the operator CLI export. */
export const OVERRIDE_ROW_LIMITS = {
  account: 500,
  admin: 1000,
  // `overrideStats` returns at most 5,000 rows; the one past the limit only tells whether there are more.
  export: 4999,
} as const;

export interface OperatorReportOptions {
  by: CdsOverrideGrouping;
  days: number;
  accountId?: string;
  limit: number;
}

/**
 * The CDS Hooks override report: how often the cards of each rule were accepted or overridden (table
 * `cds_feedback`, written by the API's feedback endpoint), with the most frequent override reason, over the last
 * N days. The grouping itself is `CdsRepository.overrideStats`; this adds rates, totals, reason texts and emails.
 */
@Injectable()
export class CdsOverrideReportService {
  private readonly repo: CdsRepository;

  constructor(private readonly dataSource: DataSource) {
    this.repo = new CdsRepository(dataSource);
  }

  /** The signed-in account's own feedback, per rule. */
  async forAccount(accountId: string, days: number, now = new Date()): Promise<CdsOverrideReportResponse> {
    const { since, totals, rows, truncated } = await this.collect({ byAccount: false, accountId, days, limit: OVERRIDE_ROW_LIMITS.account }, now);
    return { days, since: since.toISOString(), totals, truncated, rows: rows.map(ruleColumns) };
  }

  /** Every account's feedback per rule, or per account and rule with the account's email; optionally one account. */
  async forOperator(o: OperatorReportOptions, now = new Date()): Promise<AdminCdsOverrideReportResponse> {
    const byAccount = o.by === 'account';
    const { since, totals, rows, truncated } = await this.collect({ byAccount, accountId: o.accountId, days: o.days, limit: o.limit }, now);
    const emails = byAccount ? await this.emails(rows.map((r) => r.accountId).filter((id): id is string => id !== null)) : new Map<string, string>();
    const out: AdminCdsOverrideRow[] = rows.map((r) => ({
      accountId: byAccount ? r.accountId : null,
      accountEmail: byAccount && r.accountId ? (emails.get(r.accountId) ?? null) : null,
      ...ruleColumns(r),
    }));
    return { by: o.by, accountId: o.accountId ?? null, days: o.days, since: since.toISOString(), totals, truncated, rows: out };
  }

  private async collect(o: { byAccount: boolean; accountId?: string; days: number; limit: number }, now: Date) {
    const since = new Date(now.getTime() - o.days * DAY_MS);
    const [stats, sums] = await Promise.all([
      this.repo.overrideStats({ byAccount: o.byAccount, accountId: o.accountId, since, limit: o.limit + 1 }),
      this.repo.overrideTotals({ accountId: o.accountId, since }),
    ]);
    return { since, totals: counts(sums.accepted, sums.overridden), rows: stats.slice(0, o.limit), truncated: stats.length > o.limit };
  }

  private async emails(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const accounts = await this.dataSource.manager.find(AccountEntity, { select: { id: true, email: true }, where: { id: In([...new Set(ids)]) } });
    return new Map(accounts.map((a) => [a.id, a.email]));
  }
}

function counts(accepted: number, overridden: number): CdsOverrideCounts {
  const all = accepted + overridden;
  return { accepted, overridden, overrideRate: all ? overridden / all : null };
}

function ruleColumns(r: CdsOverrideRow) {
  return {
    ruleId: r.ruleId,
    ...counts(r.accepted, r.overridden),
    topReason: r.topReason,
    topReasonDisplay: r.topReason ? (REASON_TEXT.get(r.topReason) ?? null) : null,
  };
}
