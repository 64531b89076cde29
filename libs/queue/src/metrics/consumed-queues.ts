import { WorkerHost } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { QueueName } from '../queue-names';

const QUEUE_NAMES: ReadonlySet<string> = new Set(Object.values(QueueName));

/** The queues whose BullMQ worker runs in this process now (a `@Processor` whose worker started). */
@Injectable()
export class ConsumedQueues {
  constructor(private readonly discovery: DiscoveryService) {}

  /** Each once, however many workers consume it here (the hook-dispatcher runs several). */
  names(): QueueName[] {
    const names = this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is WorkerHost => instance instanceof WorkerHost)
      .map((host) => host.worker)
      .filter((worker) => worker.isRunning() && QUEUE_NAMES.has(worker.name))
      .map((worker) => worker.name as QueueName);
    return [...new Set(names)];
  }
}
