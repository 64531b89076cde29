import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { loadConfig, PlatformConfig, ReadinessRegistry } from '@cw/platform';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';
import { DbConfig } from './db.config';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      extraProviders: [{ provide: DbConfig, useFactory: () => loadConfig(DbConfig) }],
      inject: [PlatformConfig, DbConfig],
      useFactory: (config: PlatformConfig, dbConfig: DbConfig) => ({
        ...dataSourceOptions({
          url: config.DATABASE_URL,
          poolSize: config.DB_POOL_SIZE,
          poolTimeoutMs: config.DB_POOL_TIMEOUT_MS,
          applicationName: dbConfig.SERVICE_NAME,
        }),
        autoLoadEntities: true,
        retryAttempts: 3,
        retryDelay: 500,
      }),
    }),
  ],
})
export class DbModule implements OnModuleInit {
  private migrationsApplied = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly readiness: ReadinessRegistry,
  ) {}

  onModuleInit(): void {
    this.readiness.registerDatabase({
      name: 'database',
      ping: async () => {
        await this.dataSource.query('SELECT 1');
      },
    });
    this.readiness.register({
      name: 'migrations',
      isReady: async () => {
        if (!this.migrationsApplied) {
          this.migrationsApplied = !(await this.dataSource.showMigrations());
        }
        return this.migrationsApplied;
      },
    });
  }
}
