import { Injectable } from '@nestjs/common';
import type { ReportFinishedEvent } from '../reports/run-report.writer';
import { type CompletionCursor, CompletedRunsRepository } from '../runs/completed-runs.repository';

export type { CompletionCursor } from '../runs/completed-runs.repository';

/** A finished run as its `report.finished` event told it, with where it sits in completion order. */
export interface CompletedRunEvent {
  event: ReportFinishedEvent;
  cursor: CompletionCursor;
}

/**
 * Finished runs in completion order, for a consumer of `report.finished` events to find any it
 * never received (an event lost with a flushed Redis). No access rules: the consumer checks its
 * own readers' access, as it does for the events themselves.
 */
@Injectable()
export class CompletedRunsFeed {
  constructor(private readonly runs: CompletedRunsRepository) {}

  async completedBetween(
    after: CompletionCursor,
    until: Date,
    limit: number,
  ): Promise<CompletedRunEvent[]> {
    const rows = await this.runs.completedBetween(after, until, limit);
    return rows.map((run) => ({
      event: {
        run_id: run.id,
        company_id: run.companyId,
        workflow_id: run.workflowId,
        status: run.status,
        started_by: run.startedBy,
      },
      cursor: { completedAt: run.completedAt, id: run.id },
    }));
  }
}
