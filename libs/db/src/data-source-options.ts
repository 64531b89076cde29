import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

export interface DatabaseSettings {
  url: string;
  poolSize?: number;
  poolTimeoutMs?: number;
  applicationName?: string;
}

export const MIGRATIONS_TABLE = 'schema_migrations';

export function dataSourceOptions(settings: DatabaseSettings): DataSourceOptions {
  return {
    type: 'postgres',
    url: settings.url,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTableName: MIGRATIONS_TABLE,
    migrationsTransactionMode: 'each',
    applicationName: settings.applicationName,
    extra: {
      max: settings.poolSize ?? 5,
      connectionTimeoutMillis: settings.poolTimeoutMs ?? 5000,
      idleTimeoutMillis: 30_000,
    },
  };
}
