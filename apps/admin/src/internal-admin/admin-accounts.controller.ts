import { Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ProblemException, ValidQuery } from '@vigil/platform';
import type { FastifyRequest } from 'fastify';
import { AccountsService } from '../accounts/accounts.service';
import { actorFrom } from '../common/actor-from-request';
import { KeysService } from '../keys/keys.service';
import { Roles } from '../sessions/roles.decorator';
import { CurrentAccount } from '../sessions/current-session.decorator';
import type { AccountEntity } from '@vigil/db';
import type { SessionRequest } from '../sessions/session-request';
import { AdminAccountsService } from './admin-accounts.service';
import { ListAccountsQuerySchema, type ListAccountsQuery } from '@vigil/contracts';

type Req = FastifyRequest & SessionRequest;

/** `/api/admin/accounts`: every account, suspension, and any account's keys. Internal admins only. */
@Roles('admin')
@Controller('api/admin/accounts')
export class AdminAccountsController {
  constructor(
    private readonly adminAccounts: AdminAccountsService,
    private readonly accounts: AccountsService,
    private readonly keys: KeysService,
  ) {}

  @Get()
  list(@ValidQuery(ListAccountsQuerySchema) query: ListAccountsQuery) {
    return this.adminAccounts.list(query.q, query.limit, query.offset);
  }

  @Post(':id/suspend')
  @HttpCode(200)
  async suspend(@Param('id') id: string, @CurrentAccount() admin: AccountEntity, @Req() req: Req) {
    const account = await this.adminAccounts.require(id);
    if (account.id === admin.id) throw new ProblemException('Conflict', { detail: 'You cannot suspend your own account.' });
    return { account: this.accounts.view(await this.accounts.setStatus(account.id, 'suspended', actorFrom(req))) };
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  async reactivate(@Param('id') id: string, @Req() req: Req) {
    const account = await this.adminAccounts.require(id);
    return { account: this.accounts.view(await this.accounts.setStatus(account.id, 'active', actorFrom(req))) };
  }

  @Get(':id/keys')
  async listKeys(@Param('id') id: string) {
    const account = await this.adminAccounts.require(id);
    return { account: this.accounts.view(account), keys: await this.keys.list({ accountId: account.id }) };
  }
}
