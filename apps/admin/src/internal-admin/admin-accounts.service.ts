import { Injectable } from '@nestjs/common';
import { AccountEntity } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { DataSource } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service';
import { isUuid } from './is-uuid';
import type { AdminAccountRow } from '@vigil/contracts';

/** Read side of the internal accounts list (search, key counts, last activity). */
@Injectable()
export class AdminAccountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
  ) {}

  async list(q: string | undefined, limit: number, offset: number): Promise<{ accounts: AdminAccountRow[]; total: number; limit: number; offset: number }> {
    const qb = this.dataSource.manager.createQueryBuilder(AccountEntity, 'a');
    const term = q?.trim();
    if (term) {
      const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      if (isUuid(term)) qb.where('(a.id = :id OR a.email ILIKE :like)', { id: term, like });
      else qb.where('a.email ILIKE :like', { like });
    }
    const [rows, total] = await qb.orderBy('a.createdAt', 'DESC').addOrderBy('a.id', 'ASC').skip(offset).take(limit).getManyAndCount();
    const stats = await this.keyStats(rows.map((a) => a.id));
    return {
      accounts: rows.map((a) => {
        const s = stats.get(a.id);
        const times = [a.lastActiveAt?.getTime() ?? 0, s?.lastUsed?.getTime() ?? 0];
        const latest = Math.max(...times);
        return { ...this.accounts.view(a), keys: { active: s?.active ?? 0, total: s?.total ?? 0 }, lastActivityAt: latest ? new Date(latest).toISOString() : null };
      }),
      total,
      limit,
      offset,
    };
  }

  async require(id: string): Promise<AccountEntity> {
    const account = isUuid(id) ? await this.accounts.findById(id) : null;
    if (!account) throw new ProblemException('NotFound', { detail: 'Account not found.' });
    return account;
  }

  private async keyStats(ids: string[]): Promise<Map<string, { active: number; total: number; lastUsed: Date | null }>> {
    const out = new Map<string, { active: number; total: number; lastUsed: Date | null }>();
    if (!ids.length) return out;
    const rows: { account_id: string; active: string; total: string; last_used: Date | null }[] = await this.dataSource.query(
      `SELECT account_id, count(*) FILTER (WHERE status = 'active' AND (expires_at IS NULL OR expires_at > now())) AS active,
              count(*) AS total, max(last_used_at) AS last_used
         FROM api_key WHERE account_id = ANY($1::uuid[]) GROUP BY account_id`,
      [ids],
    );
    for (const r of rows) out.set(r.account_id, { active: Number(r.active), total: Number(r.total), lastUsed: r.last_used ? new Date(r.last_used) : null });
    return out;
  }
}
