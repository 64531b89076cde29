import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { WorkerHost } from '@nestjs/bullmq';
import { groupBy, ReadinessRegistry } from '@cw/platform';
import { Queue, type Worker } from 'bullmq';
import { consumedQueueCheck } from './consumed-queue.check';
import { logRedisErrors } from './redis-error-log';

/**
 * The queues and workers `@nestjs/bullmq` creates (`BullModule.registerQueue`, `@Processor`)
 * get an error listener, and each consumed queue a `queue:<name>` readiness entry. At bootstrap
 * every worker exists; until a listener is attached BullMQ forwards no connection error, so none
 * is lost to stderr.
 */
@Injectable()
export class BullmqObserver implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly readiness: ReadinessRegistry,
  ) {}

  onApplicationBootstrap(): void {
    const providers = this.discovery.getProviders();
    const instances = new Set(providers.map((wrapper): unknown => wrapper.instance));
    const workers: Worker[] = [];
    for (const instance of instances) {
      if (instance instanceof Queue) {
        logRedisErrors(instance, `queue "${instance.name}"`);
      } else if (instance instanceof WorkerHost) {
        const worker: Worker = (instance as WorkerHost<Worker>).worker;
        logRedisErrors(worker, `worker "${worker.name}"`);
        workers.push(worker);
      }
    }
    for (const [name, ofQueue] of groupBy(workers, (worker) => worker.name)) {
      this.readiness.register(consumedQueueCheck(name, ofQueue));
    }
  }
}
