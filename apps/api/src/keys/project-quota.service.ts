import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MonthlyUsageCounter } from './monthly-usage.counter';

/** Calls per project and UTC month, for projects with their own monthly quota (`project.monthly_quota`). */
@Injectable()
export class ProjectQuotaService extends MonthlyUsageCounter {
  constructor(dataSource: DataSource) {
    super(dataSource, { table: 'project_month_usage', idColumn: 'project_id', parent: 'project', name: 'ProjectQuota' });
  }
}
