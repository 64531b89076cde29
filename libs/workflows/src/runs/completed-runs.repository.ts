import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TerminalRunStatus } from './run-status';

/** A place in completion order: runs after it come later. */
export interface CompletionCursor {
  completedAt: Date;
  id: string;
}

export interface CompletedRun {
  id: string;
  companyId: string;
  workflowId: string;
  status: TerminalRunStatus;
  startedBy: string;
  completedAt: Date;
}

/** `workflows.runs` in completion order (index `runs_completed_idx`). */
@Injectable()
export class CompletedRunsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Runs completed after `cursor` and no later than `until`, oldest first. */
  completedBetween(cursor: CompletionCursor, until: Date, limit: number): Promise<CompletedRun[]> {
    return this.dataSource.query(
      `SELECT id, company_id AS "companyId", workflow_id AS "workflowId", status,
              started_by AS "startedBy", completed_at AS "completedAt"
         FROM workflows.runs
        WHERE completed_at IS NOT NULL
          AND (completed_at, id) > ($1::timestamptz, $2::uuid)
          AND completed_at <= $3
        ORDER BY completed_at, id
        LIMIT $4`,
      [cursor.completedAt, cursor.id, until, limit],
    );
  }
}
