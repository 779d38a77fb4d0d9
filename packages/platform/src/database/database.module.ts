import { type DynamicModule, Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createDataSource, locateDatabase, type DatabaseLocation } from '@vigil/db';
import { DataSource } from 'typeorm';
import { EmbeddedServerFollower } from './embedded-server.follower';

export const DATABASE_LOCATION = Symbol('DATABASE_LOCATION');

export interface DatabaseModuleOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize: number;
  applicationName: string;
  /** Run pending migrations at start (always true in embedded mode). */
  migrateOnStart?: boolean;
}

/** Provides the TypeORM `DataSource` (server URL or the embedded default) and closes it on shutdown. */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  private static readonly logger = new Logger('Database');
  private readonly follower: EmbeddedServerFollower;

  constructor(
    @Inject(DATABASE_LOCATION) private readonly location: DatabaseLocation,
    private readonly dataSource: DataSource,
  ) {
    this.follower = new EmbeddedServerFollower(location, dataSource);
    this.follower.start();
  }

  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: DATABASE_LOCATION,
          useFactory: () => locateDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, onLog: (m) => DatabaseModule.logger.debug(m) }),
        },
        {
          provide: DataSource,
          inject: [DATABASE_LOCATION],
          useFactory: async (location: DatabaseLocation) => {
            const dataSource = createDataSource({ url: location.url, poolSize: options.poolSize, applicationName: options.applicationName });
            await dataSource.initialize();
            if (location.kind === 'embedded' || options.migrateOnStart) {
              const ran = await dataSource.runMigrations({ transaction: 'all' });
              if (ran.length) DatabaseModule.logger.log(`applied ${ran.length} migration(s): ${ran.map((m) => m.name).join(', ')}`);
            }
            DatabaseModule.logger.log(`connected to ${location.kind} PostgreSQL${location.owned ? ' (started by this process)' : ''}`);
            return dataSource;
          },
        },
      ],
      exports: [DataSource, DATABASE_LOCATION],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    this.follower.stop();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    await this.location.stop();
  }
}
