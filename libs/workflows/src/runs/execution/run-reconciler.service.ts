import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PeriodicPass } from '@cw/platform';
import { DataSource } from 'typeorm';
import { RunReportWriter } from '../../reports/run-report.writer';
import { RunRepository } from '../run.repository';
import { WorkflowsConfig } from '../../workflows.config';
import { LEASE_SECONDS } from './run-execution.service';
import { RunQueue } from './run-queue';

const INTERVAL_MS = 10_000;
const BATCH = 100;

/**
 * In a worker process, now and then: a running run that no worker has heart-beaten for
 * `RUNS_STALE_AFTER_SECONDS` ends `stale`; one that no worker holds but is not stale yet (its job
 * was lost, e.g. Redis was flushed, or its wake-up is due) goes back on the queue.
 */
@Injectable()
export class RunReconcilerService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly periodic = new PeriodicPass(
    'run reconciliation',
    () => this.reconcile(),
    new Logger(RunReconcilerService.name),
  );

  constructor(
    private readonly dataSource: DataSource,
    private readonly runs: RunRepository,
    private readonly reports: RunReportWriter,
    private readonly queue: RunQueue,
    private readonly config: WorkflowsConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.RUNS_WORKER === 'on') this.periodic.start(INTERVAL_MS);
  }

  onModuleDestroy(): void {
    this.periodic.stop();
  }

  /** One pass; answers how many runs ended stale and how many were re-enqueued. */
  async reconcile(): Promise<{ stale: number; resumed: number }> {
    const stale = await this.dataSource.transaction(async (manager) => {
      const runs = await this.runs.lockStale(manager, this.config.RUNS_STALE_AFTER_SECONDS, BATCH);
      for (const run of runs) {
        await this.reports.finish(manager, run, 'stale', {
          code: 'stale',
          message: `No worker reported progress for ${this.config.RUNS_STALE_AFTER_SECONDS} s.`,
        });
      }
      return runs.length;
    });
    const unheld = await this.runs.findUnheld(LEASE_SECONDS, BATCH);
    for (const run of unheld) await this.queue.resume(run.id, run.leaseGeneration);
    return { stale, resumed: unheld.length };
  }
}
