import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { QueueName } from '@cw/queue';
import type { JobsOptions, Queue } from 'bullmq';

/** The job payload of the `runs` queue (the outbox's `run.requested` event has the same). */
export interface RunJobData {
  run_id: string;
  /** The run's company (its lane); absent from hand-overs, which the worker looks up. */
  company_id?: string;
}

const RUN_JOB = 'run.requested';

/**
 * A job is named after the run and the lease generation it hands to a worker, so handing the
 * same generation over again while its job waits (or sleeps until a wake-up) is a no-op in
 * BullMQ. BullMQ ignores an add whose job id exists in any state, completed and failed included,
 * so these jobs are removed as soon as they end: a job that found the run not claimable, or
 * failed every attempt (the database away), leaves the id free for the reconciler's next
 * hand-over of that generation instead of blocking it for as long as the job is kept.
 */
const JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: true,
  removeOnFail: true,
};

/**
 * Jobs this context adds to the `runs` queue itself (the outbox relay adds the first one of each
 * run, and the one of a run whose work packet was answered); the reconciler covers any lost.
 */
@Injectable()
export class RunQueue {
  constructor(@InjectQueue(QueueName.WorkflowRuns) private readonly queue: Queue<RunJobData>) {}

  /** Wakes the run at `at` (a `wait` step) in the generation it sleeps in. */
  async wakeAt(
    run: { id: string; companyId: string },
    generation: number,
    at: Date,
  ): Promise<void> {
    await this.queue.add(
      RUN_JOB,
      { run_id: run.id, company_id: run.companyId },
      {
        ...JOB_OPTIONS,
        jobId: jobIdOf({ id: run.id, leaseGeneration: generation }),
        delay: Math.max(0, at.getTime() - Date.now()),
      },
    );
  }

  /** Hands runs no worker holds to a worker, each in the generation it is claimable in. */
  async resume(runs: readonly { id: string; leaseGeneration: number }[]): Promise<void> {
    if (runs.length === 0) return;
    await this.queue.addBulk(
      runs.map((run) => ({
        name: RUN_JOB,
        data: { run_id: run.id },
        opts: { ...JOB_OPTIONS, jobId: jobIdOf(run) },
      })),
    );
  }
}

/** The id of the job that hands generation `leaseGeneration` of the run to a worker. */
export function jobIdOf(run: { id: string; leaseGeneration: number }): string {
  return `run-${run.id}-g${run.leaseGeneration}`;
}
