import { Injectable } from '@nestjs/common';
import { OutboxWriter } from '@cw/queue';
import type { EntityManager } from 'typeorm';
import { type FinishingRun, RunRepository } from '../runs/run.repository';
import type { StepError, TerminalRunStatus } from '../runs/run-status';

/** The payload of a `report.finished` outbox event (consumed by report hooks). */
export interface ReportFinishedEvent {
  run_id: string;
  company_id: string;
  workflow_id: string;
  status: TerminalRunStatus;
  started_by: string;
}

/**
 * Ends a run: its terminal status, `completed_at` and the `report.finished` event that report
 * hooks consume, in the caller's transaction. Every terminal status goes through here.
 */
@Injectable()
export class RunReportWriter {
  constructor(
    private readonly runs: RunRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  /** False (and nothing written) when the run had already ended. */
  async finish(
    manager: EntityManager,
    run: FinishingRun,
    status: TerminalRunStatus,
    error: StepError | null,
  ): Promise<boolean> {
    if (!(await this.runs.finish(manager, run.id, status, error))) return false;
    const event: ReportFinishedEvent = {
      run_id: run.id,
      company_id: run.companyId,
      workflow_id: run.workflowId,
      status,
      started_by: run.startedBy,
    };
    await this.outbox.append(manager, 'report.finished', { ...event });
    return true;
  }
}
