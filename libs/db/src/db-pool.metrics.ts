import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type GaugeSample, MetricsRegistry } from '@cw/platform';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';

/** This process's PostgreSQL pool as Prometheus gauges, read from the pool's counters on scrape. */
@Injectable()
export class DbPoolMetrics implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly metrics: MetricsRegistry,
  ) {}

  onModuleInit(): void {
    this.metrics.addSampledGauge({
      name: 'cw_db_pool_connections',
      help: "Connections of this process's database pool: in_use, idle, and max (DB_POOL_SIZE).",
      labelNames: ['state'],
      sample: async () => this.connections(),
    });
    this.metrics.addSampledGauge({
      name: 'cw_db_pool_waiting_requests',
      help: 'Queries waiting for a connection of the pool (DB_POOL_EXHAUSTED after DB_POOL_TIMEOUT_MS).',
      sample: async () => {
        const pool = this.pool();
        return pool ? [{ value: pool.waitingCount }] : [];
      },
    });
  }

  private connections(): GaugeSample[] {
    const pool = this.pool();
    if (!pool) return [];
    return [
      { labels: { state: 'in_use' }, value: pool.totalCount - pool.idleCount },
      { labels: { state: 'idle' }, value: pool.idleCount },
      { labels: { state: 'max' }, value: pool.options.max ?? 0 },
    ];
  }

  /** TypeORM's postgres driver keeps its pg pool as `master` once the data source is initialised. */
  private pool(): Pool | undefined {
    return (this.dataSource.driver as unknown as { master?: Pool }).master;
  }
}
