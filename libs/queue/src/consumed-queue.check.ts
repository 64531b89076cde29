import { type ReadinessCheck, ReadinessFailure } from '@cw/platform';
import type { Worker } from 'bullmq';

/**
 * `queue:<name>` for a queue this process consumes: up while its worker runs, unpaused, on a
 * connected client (the `redis` entry is the round trip). Left out while the worker does not
 * run (a process that has it switched off, e.g. `RUNS_WORKER=off`).
 */
export function consumedQueueCheck(worker: Worker): ReadinessCheck {
  return {
    name: `queue:${worker.name}`,
    isApplicable: () => worker.isRunning(),
    probe: async () => {
      if (worker.isPaused()) throw new ReadinessFailure('worker paused');
      const { status } = await worker.client;
      if (status !== 'ready') throw new ReadinessFailure(`connection ${status}`);
    },
  };
}
