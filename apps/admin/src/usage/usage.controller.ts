import { Controller, Get } from '@nestjs/common';
import { UsageQuerySchema, type UsageQuery } from '@vigil/contracts';
import type { AccountEntity } from '@vigil/db';
import { CurrentAccount } from '../sessions/current-session.decorator';
import { ValidQuery } from '@vigil/platform';
import { UsageService } from './usage.service';

/** `GET /api/usage?days=7..90`: the signed-in account's requests per key and day, and its month-to-date quota. */
@Controller('api/usage')
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get()
  get(@ValidQuery(UsageQuerySchema) query: UsageQuery, @CurrentAccount() account: AccountEntity) {
    return this.usage.forAccount(account, query.days);
  }
}
