import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { loadConfig, PlatformConfig } from '@cw/platform';
import { dataSourceOptions } from './data-source-options';
import { DbPoolMetrics } from './db-pool.metrics';
import { DbReadiness } from './db-readiness';
import { DbConfig } from './db.config';
import { PooledDataSource } from './pooled-data-source';

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
      dataSourceFactory: async (options) =>
        new PooledDataSource(options!, {
          preparedStatements: loadConfig(DbConfig).DB_PREPARED_STATEMENTS === 'on',
        }).initialize(),
    }),
  ],
  providers: [DbPoolMetrics, DbReadiness],
})
export class DbModule {}
