import { Controller, Get, Query } from '@nestjs/common';
import type { AccountEntity } from '@vigil/db';
import { CurrentAccount } from '../sessions/current-session.decorator';
import { UsageQueryRequest } from './usage-query.request';
import { UsageService } from './usage.service';

/** `GET /api/usage?days=7..90`: the signed-in account's requests per key and day, and its month-to-date quota. */
@Controller('api/usage')
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get()
  get(@Query() query: UsageQueryRequest, @CurrentAccount() account: AccountEntity) {
    return this.usage.forAccount(account, query.days ?? 30);
  }
}
