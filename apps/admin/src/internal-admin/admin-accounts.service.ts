import { Injectable } from '@nestjs/common';
import { AccountEntity, ApiKeyRepository } from '@vigil/db';
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
    const stats = await new ApiKeyRepository(this.dataSource).statsByAccount(rows.map((a) => a.id));
    return {
      accounts: rows.map((a) => {
        const s = stats.get(a.id);
        const times = [a.lastActiveAt?.getTime() ?? 0, s?.lastUsedAt?.getTime() ?? 0];
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
}
