import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformConfig, ReadinessRegistry } from '@cw/platform';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [PlatformConfig],
      useFactory: (config: PlatformConfig) => ({
        ...dataSourceOptions({
          url: config.DATABASE_URL,
          poolSize: config.DB_POOL_SIZE,
          poolTimeoutMs: config.DB_POOL_TIMEOUT_MS,
          applicationName: process.env.SERVICE_NAME,
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
