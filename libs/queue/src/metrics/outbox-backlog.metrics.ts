import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MetricsRegistry, oncePerScrape } from '@cw/platform';
import { DataSource } from 'typeorm';
import { OutboxRepository } from '../outbox/outbox.repository';

/** What the outbox relay still owes its queues; reported where the relay runs. */
@Injectable()
export class OutboxBacklogMetrics implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly metrics: MetricsRegistry,
  ) {}

  onModuleInit(): void {
    const backlog = oncePerScrape(() => this.outbox.backlog(this.dataSource.manager));
    this.metrics.addSampledGauge({
      name: 'cw_outbox_unpublished_events',
      help: 'Committed outbox events not yet published to their queue.',
      sample: async () => [{ value: (await backlog()).events }],
    });
    this.metrics.addSampledGauge({
      name: 'cw_outbox_oldest_unpublished_age_seconds',
      help: 'Age of the oldest unpublished outbox event (0 when none): how far the relay is behind.',
      sample: async () => [{ value: (await backlog()).oldestAgeSeconds }],
    });
  }
}
