import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MonthlyUsageCounter } from './monthly-usage.counter';

/** Calls per account (the organisation owner's, for every key of the organisation) and UTC month: the plan's quota. */
@Injectable()
export class AccountQuotaService extends MonthlyUsageCounter {
  constructor(dataSource: DataSource) {
    super(dataSource, { table: 'account_month_usage', idColumn: 'account_id', parent: 'account', name: 'Quota' });
  }
}
