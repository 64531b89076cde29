import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PeriodicPass } from '@cw/platform';
import { RunLeaseRepository } from '../run-lease.repository';
import { WorkflowsConfig } from '../../workflows.config';
import { leaseTermsOf } from './run-execution.service';
import { RunQueue } from './run-queue';

const INTERVAL_MS = 10_000;
const BATCH = 100;
/** At most this many batches a pass: a flushed Redis with a large backlog takes a few passes. */
const MAX_BATCHES = 10;
/** A run handed over is handed over again (a no-op while its job waits) after this long. */
const AGAIN_SECONDS = 30;

/**
 * In a worker process, every 10 s: hands every running run that no worker holds and whose own
 * job is overdue back to the queue, however long it has waited (a backlog, a worker killed, a
 * Redis flush or outage, a database outage; a job that failed every attempt). It ends nothing:
 * a run that keeps losing its workers is ended `stale` by the claim that would take it next
 * (`RunExecutionService`). Batches are marked in PostgreSQL before their jobs go out, so several
 * reconcilers at once never hand over the same run, and each pass takes those left out longest.
 */
@Injectable()
export class RunReconcilerService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly periodic = new PeriodicPass(
    'run reconciliation',
    () => this.reconcile(),
    new Logger(RunReconcilerService.name),
  );

  constructor(
    private readonly runs: RunLeaseRepository,
    private readonly queue: RunQueue,
    private readonly config: WorkflowsConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.RUNS_WORKER === 'on') this.periodic.start(INTERVAL_MS);
  }

  onModuleDestroy(): void {
    this.periodic.stop();
  }

  /** One pass; answers the ids of the runs it handed to the queue. */
  async reconcile(): Promise<{ requeued: string[] }> {
    const terms = leaseTermsOf(this.config);
    const requeued: string[] = [];
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const runs = await this.runs.markRequeued(terms, AGAIN_SECONDS, BATCH);
      // Marked first: if Redis refuses these, they are tried again AGAIN_SECONDS later.
      await this.queue.resume(runs);
      requeued.push(...runs.map((run) => run.id));
      if (runs.length < BATCH) break;
    }
    return { requeued };
  }
}
