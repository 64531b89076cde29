import { type ReadinessCheck, ReadinessFailure } from '@cw/platform';
import type { Worker } from 'bullmq';

/** What the check reads of a BullMQ worker. */
export type ConsumingWorker = Pick<Worker, 'isRunning' | 'isPaused' | 'client'>;

/**
 * `queue:<name>` for a queue this process consumes, over all of its workers here (the
 * hook-dispatcher runs several on one queue): up while every one that runs is unpaused on a
 * connected client (the `redis` entry is the round trip). Left out while none runs (a process
 * that has it switched off, e.g. `RUNS_WORKER=off`).
 */
export function consumedQueueCheck(
  name: string,
  workers: readonly ConsumingWorker[],
): ReadinessCheck {
  const running = () => workers.filter((worker) => worker.isRunning());
  return {
    name: `queue:${name}`,
    isApplicable: () => running().length > 0,
    probe: async () => {
      for (const worker of running()) {
        if (worker.isPaused()) throw new ReadinessFailure('worker paused');
        const { status } = await worker.client;
        if (status !== 'ready') throw new ReadinessFailure(`connection ${status}`);
      }
    },
  };
}
