import { Injectable } from '@nestjs/common';
import { OutboxWriter, type SqlStatement } from '@cw/queue';
import type { EntityManager } from 'typeorm';
import { RunRepository } from '../runs/run.repository';
import type { StepError, TerminalRunStatus } from '../runs/run-status';
import { type FinishedStepRecord, withFinishedSteps } from '../runs/run-step.repository';

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

/** `ReportFinishedEvent` over the columns `RunRepository.finishStatement` returns. */
const REPORT_FINISHED_PAYLOAD = `jsonb_build_object('run_id', id, 'company_id', company_id,
  'workflow_id', workflow_id, 'status', status, 'started_by', started_by)`;

/**
 * Ends a run: its terminal status, `completed_at` and the `report.finished` event that report
 * hooks consume, in one statement (both or neither). Every terminal status goes through here.
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
    run: { id: string },
    status: TerminalRunStatus,
    error: StepError | null,
  ): Promise<boolean> {
    return (await this.end(manager, this.runs.finishStatement(run.id, status, error))) !== null;
  }

  /**
   * Ends a run its worker holds, with `unwritten`: steps that finished since its last write.
   * With `unwritten.cancelled` (pure steps), a cancel asked for while they ran wins over `status`
   * and they are dropped: they changed nothing. The status the run ended with; null (and nothing
   * written) once the worker lost it.
   */
  finishHeld(
    manager: EntityManager,
    held: { id: string; leaseGeneration: number },
    status: TerminalRunStatus,
    error: StepError | null,
    unwritten?: { steps: readonly FinishedStepRecord[]; cancelled?: StepError },
  ): Promise<TerminalRunStatus | null> {
    const pending = unwritten && unwritten.steps.length > 0 ? unwritten : undefined;
    const finishing = this.runs.finishStatement(held.id, status, error, {
      generation: held.leaseGeneration,
      cancelled: pending?.cancelled,
    });
    if (!pending) return this.end(manager, finishing);
    const keep = pending.cancelled ? 'unless_cancelled' : 'always';
    return this.end(manager, withFinishedSteps(finishing, pending.steps, keep));
  }

  private async end(
    manager: EntityManager,
    finishing: SqlStatement,
  ): Promise<TerminalRunStatus | null> {
    const [ended] = await this.outbox.appendForRows<{ status: TerminalRunStatus }>(
      manager,
      'report.finished',
      finishing,
      REPORT_FINISHED_PAYLOAD,
    );
    return ended?.status ?? null;
  }
}
