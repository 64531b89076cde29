import type { Provider } from '@nestjs/common';
import { OUTBOX_TOPICS } from '../queue-names';
import { ConsumedQueues } from './consumed-queues';
import { OutboxBacklogMetrics } from './outbox-backlog.metrics';
import { QueueDepthMetrics, RELAYED_QUEUES } from './queue-depth.metrics';

/** Queue depth where queues are consumed or relayed to; the outbox backlog where the relay runs. */
export function queueMetricsProviders(relay: boolean): Provider[] {
  return [
    ConsumedQueues,
    { provide: RELAYED_QUEUES, useValue: relay ? [...new Set(Object.values(OUTBOX_TOPICS))] : [] },
    QueueDepthMetrics,
    ...(relay ? [OutboxBacklogMetrics] : []),
  ];
}
