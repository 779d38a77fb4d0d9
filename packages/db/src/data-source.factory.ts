import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

export interface VigilDataSourceOptions {
  url: string;
  poolSize?: number;
  applicationName?: string;
}

/** The one way Vigil builds a TypeORM data source: migrations only, `synchronize` never on. */
export function createDataSource(options: VigilDataSourceOptions): DataSource {
  return new DataSource(dataSourceOptions(options));
}

export function dataSourceOptions(options: VigilDataSourceOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'vigil_migrations',
    migrationsTransactionMode: 'all',
    synchronize: false,
    migrationsRun: false,
    uuidExtension: 'pgcrypto',
    applicationName: options.applicationName ?? 'vigil',
    extra: { max: options.poolSize ?? 10 },
  };
}
