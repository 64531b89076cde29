import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type GaugeSample, MetricsRegistry } from '@cw/platform';
import { QueueName } from '../queue-names';
import { QueueRegistry } from '../queue.registry';
import { sharedWhilePending } from '../shared-while-pending';
import { ConsumedQueues } from './consumed-queues';

/** The queues this process's outbox relay publishes to (none where the relay is not composed). */
export const RELAYED_QUEUES = Symbol('RELAYED_QUEUES');

const STATES = ['waiting', 'delayed', 'active', 'failed'] as const;
const DISCONNECTED: ReadonlySet<string> = new Set(['reconnecting', 'close', 'end']);

/**
 * Jobs by state in each queue this process consumes or relays to: a queue's depth is the same
 * seen from any process, so only the processes that own it report it.
 */
@Injectable()
export class QueueDepthMetrics implements OnModuleInit {
  constructor(
    private readonly queues: QueueRegistry,
    private readonly consumed: ConsumedQueues,
    @Inject(RELAYED_QUEUES) private readonly relayed: readonly QueueName[],
    private readonly metrics: MetricsRegistry,
  ) {}

  onModuleInit(): void {
    this.metrics.addSampledGauge({
      name: 'cw_queue_jobs',
      help: 'Jobs by state (waiting, delayed, active, failed) in each BullMQ queue this process consumes or relays to.',
      labelNames: ['queue', 'state'],
      sample: () => this.sample(),
    });
  }

  /**
   * Bounded by the registry's sample deadline; a scrape while the last count is unanswered (a
   * Redis that hangs) waits on that count rather than sending more.
   */
  private readonly sample = sharedWhilePending(async (): Promise<GaugeSample[]> => {
    const names = [...new Set([...this.consumed.names(), ...this.relayed])];
    if (names.length === 0) return [];
    // Commands wait for a reconnect without limit: a scrape during an outage would pile them up.
    if (DISCONNECTED.has(this.queues.redis.status)) throw new Error('Redis is not connected');
    const counted = await Promise.all(
      names.map(async (queue) => ({
        queue,
        counts: await this.queues.queue(queue).getJobCounts(...STATES),
      })),
    );
    return counted.flatMap(({ queue, counts }) =>
      STATES.map((state) => ({ labels: { queue, state }, value: counts[state] ?? 0 })),
    );
  });
}
