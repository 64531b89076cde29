import { Injectable } from '@nestjs/common';
import { OutboxWriter, type RowsWrite } from '@cw/queue';
import { sql } from 'kysely';
import type { StatementRunner } from '@cw/db';
import { type EndedRun, RunEndingRepository } from '../runs/run-ending.repository';
import { CANCELLED_BY_REQUEST, type StepError, type TerminalRunStatus } from '../runs/run-status';
import {
  NO_UNWRITTEN_STEPS,
  type UnwrittenSteps,
  withFinishedSteps,
} from '../runs/finished-steps.sql';

/**
 * The payload of a `report.finished` outbox event (consumed by report hooks), as
 * `REPORT_FINISHED_PAYLOAD` builds it.
 */
export interface ReportFinishedEvent {
  run_id: string;
  company_id: string;
  workflow_id: string;
  status: TerminalRunStatus;
  started_by: string;
}

/** `ReportFinishedEvent` over the columns `RunEndingRepository.finishStatement` returns. */
export const REPORT_FINISHED_PAYLOAD = sql`jsonb_build_object('run_id', id, 'company_id', company_id,
  'workflow_id', workflow_id, 'status', status, 'started_by', started_by)`;

/**
 * Ends a run: its terminal status, `completed_at` and the `report.finished` event that report
 * hooks consume, in one statement (both or neither). Every terminal status goes through here.
 */
@Injectable()
export class RunReportWriter {
  constructor(
    private readonly runs: RunEndingRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  /** False (and nothing written) when the run had already ended. */
  async finish(
    manager: StatementRunner,
    run: { id: string },
    status: TerminalRunStatus,
    error: StepError | null,
  ): Promise<boolean> {
    return (await this.end(manager, this.runs.finishStatement(run.id, status, error))) !== null;
  }

  /**
   * Ends a run its worker holds, with the steps whose records wait for this write. When instant
   * steps are among them, a cancel asked for while they ran wins over `status` and they are
   * dropped (they changed nothing). The status the run ended with; null (and nothing written)
   * once the worker lost it.
   */
  finishHeld(
    manager: StatementRunner,
    held: { id: string; leaseGeneration: number },
    status: TerminalRunStatus,
    error: StepError | null,
    unwritten: UnwrittenSteps = NO_UNWRITTEN_STEPS,
  ): Promise<TerminalRunStatus | null> {
    const finishing = this.runs.finishStatement(held.id, status, error, {
      generation: held.leaseGeneration,
      cancelled: unwritten.instant.length > 0 ? CANCELLED_BY_REQUEST : undefined,
    });
    return this.end(manager, withFinishedSteps(finishing, unwritten));
  }

  private async end(
    manager: StatementRunner,
    finishing: RowsWrite<EndedRun>,
  ): Promise<TerminalRunStatus | null> {
    const [ended] = await this.outbox.appendForRows(
      manager,
      'report.finished',
      finishing,
      REPORT_FINISHED_PAYLOAD,
    );
    return ended?.status ?? null;
  }
}
