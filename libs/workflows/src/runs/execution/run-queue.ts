import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { QueueName } from '@cw/queue';
import type { Queue } from 'bullmq';

/** The job payload of the `runs` queue (the outbox's `run.requested` event has the same). */
export interface RunJobData {
  run_id: string;
}

const RUN_JOB = 'run.requested';

/**
 * Jobs this context adds to the `runs` queue itself (the outbox relay adds the first one of
 * each run). Job ids make a repeated add a no-op; a job that fails (the database away) is tried
 * again with backoff, and the reconciler covers any that are lost.
 */
@Injectable()
export class RunQueue {
  constructor(@InjectQueue(QueueName.WorkflowRuns) private readonly queue: Queue<RunJobData>) {}

  /** Wakes the run at `at` (a `wait` step), once per claim. */
  async wakeAt(runId: string, generation: number, at: Date): Promise<void> {
    await this.add(
      `run-${runId}-wake-${generation}`,
      runId,
      Math.max(0, at.getTime() - Date.now()),
    );
  }

  /** Hands a run no worker holds to a worker, once per claim generation. */
  async resume(runId: string, generation: number): Promise<void> {
    await this.add(`run-${runId}-resume-${generation}`, runId, 0);
  }

  private async add(jobId: string, runId: string, delay: number): Promise<void> {
    await this.queue.add(
      RUN_JOB,
      { run_id: runId },
      {
        jobId,
        delay,
        attempts: 5,
        backoff: { type: 'exponential', delay: 1_000 },
        removeOnComplete: 1_000,
        removeOnFail: 5_000,
      },
    );
  }
}
