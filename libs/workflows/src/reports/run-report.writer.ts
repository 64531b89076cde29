import { Injectable } from '@nestjs/common';
import { OutboxWriter } from '@cw/queue';
import type { EntityManager } from 'typeorm';
import { type FinishingRun, RunRepository } from '../runs/run.repository';
import type { StepError, TerminalRunStatus } from '../runs/run-status';

/**
 * The payload of a `report.finished` outbox event (consumed by report hooks). `finishHeld` builds
 * the same object in SQL (`REPORT_FINISHED_PAYLOAD`).
 */
export interface ReportFinishedEvent {
  run_id: string;
  company_id: string;
  workflow_id: string;
  status: TerminalRunStatus;
  started_by: string;
}

/** `ReportFinishedEvent` over the columns `RunRepository.finishHeldStatement` returns. */
const REPORT_FINISHED_PAYLOAD = `jsonb_build_object('run_id', id, 'company_id', company_id,
  'workflow_id', workflow_id, 'status', status, 'started_by', started_by)`;

/**
 * Ends a run: its terminal status, `completed_at` and the `report.finished` event that report
 * hooks consume, both or neither. Every terminal status goes through here.
 */
@Injectable()
export class RunReportWriter {
  constructor(
    private readonly runs: RunRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  /** In the caller's transaction; false (and nothing written) when the run had already ended. */
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

  /**
   * Ends a run its worker holds, with its event, in one statement (no transaction around them);
   * false (and nothing written) when the worker no longer holds the run.
   */
  async finishHeld(
    manager: EntityManager,
    held: { id: string; leaseGeneration: number },
    status: TerminalRunStatus,
    error: StepError | null,
  ): Promise<boolean> {
    const ended = await this.outbox.appendForRows(
      manager,
      'report.finished',
      this.runs.finishHeldStatement(held, status, error),
      REPORT_FINISHED_PAYLOAD,
    );
    return ended.length > 0;
  }
}
