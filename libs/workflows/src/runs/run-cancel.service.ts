import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import { DataSource } from 'typeorm';
import { workflowsError } from '../errors/workflows-errors';
import { RunReportWriter } from '../reports/run-report.writer';
import { isTerminal, type RunStatus } from './run-status';
import { RunEndingRepository } from './run-ending.repository';
import { RunReadRepository } from './run-read.repository';

export interface CancelledRun {
  run_id: string;
  status: RunStatus;
  cancel_requested: boolean;
}

/**
 * Cancels a run its reader can read. Between steps (or waiting) it ends `cancelled` at once,
 * with its report; while a step runs, the worker is asked to stop after that step.
 */
@Injectable()
export class RunCancelService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly runs: RunReadRepository,
    private readonly ending: RunEndingRepository,
    private readonly reports: RunReportWriter,
  ) {}

  cancel(actor: Actor, runId: string): Promise<CancelledRun> {
    return this.dataSource.transaction(async (manager) => {
      const run = await this.runs.lockReadable(manager, actor, runId);
      if (!run) throw AppError.notFound('No run with that id is readable by you.');
      if (isTerminal(run.status)) {
        throw workflowsError('RUN_STATE_CONFLICT', `This run already ended ${run.status}.`, {
          details: { status: run.status },
        });
      }
      if (run.stepRunning) {
        await this.ending.requestCancel(manager, run.id);
        return { run_id: run.id, status: run.status, cancel_requested: true };
      }
      await this.reports.finish(manager, run, 'cancelled', {
        code: 'cancelled',
        message: 'Cancelled on request.',
      });
      return { run_id: run.id, status: 'cancelled', cancel_requested: true };
    });
  }
}
