import type { ClientBase } from 'pg';
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
      // Every connection listens for 'error' from its first moment: pg-pool listens only while a
      // connection is idle, and a server's FATAL (PostgreSQL stopping, pg_terminate_backend)
      // that arrives while one is checked out, even in the same read as the answer that hands
      // it out, would otherwise end the process. The statement on it fails, and the pool drops
      // a connection that is no longer queryable when it comes back.
      onConnect: (client: ClientBase) => void client.on('error', () => undefined),
      max: settings.poolSize ?? 5,
      connectionTimeoutMillis: settings.poolTimeoutMs ?? 5000,
      idleTimeoutMillis: 30_000,
    },
  };
}
