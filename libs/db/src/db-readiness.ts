import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ReadinessFailure, ReadinessRegistry } from '@cw/platform';
import { DataSource } from 'typeorm';

/**
 * `database`: a `SELECT 1` on every probe, so a stopped PostgreSQL turns `/ready` 503.
 * `migrations`: every migration of this build applied; once it is true it stays true for the
 * process, so only the first probes ask.
 */
@Injectable()
export class DbReadiness implements OnModuleInit {
  private migrationsApplied = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly readiness: ReadinessRegistry,
  ) {}

  onModuleInit(): void {
    this.readiness.register({
      name: 'database',
      probe: async () => {
        await this.dataSource.query('SELECT 1');
      },
    });
    this.readiness.register({
      name: 'migrations',
      probe: async () => {
        if (this.migrationsApplied) return;
        if (await this.dataSource.showMigrations()) {
          throw new ReadinessFailure('migrations pending: run them (the migration Job)');
        }
        this.migrationsApplied = true;
      },
    });
  }
}
