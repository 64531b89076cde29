import { Injectable } from '@nestjs/common';
import { all } from '@cw/db';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { workflowsDb } from '../workflows-schema';
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

export const completedRunsStatements = {
  /** The row comparison `(completed_at, id) > (...)` is what follows `runs_completed_idx`. */
  completedBetween: (cursor: CompletionCursor, until: Date, limit: number) =>
    workflowsDb
      .selectFrom('workflows.runs')
      .select([
        'id',
        'company_id as companyId',
        'workflow_id as workflowId',
        'status',
        'started_by as startedBy',
        'completed_at as completedAt',
      ])
      .where('completed_at', 'is not', null)
      .where(
        sql<boolean>`(completed_at, id) > (${cursor.completedAt}::timestamptz, ${cursor.id}::uuid)`,
      )
      .where('completed_at', '<=', until)
      .orderBy('completed_at')
      .orderBy('id')
      .limit(limit)
      .$castTo<CompletedRun>(),
};

/** `workflows.runs` in completion order (index `runs_completed_idx`). */
@Injectable()
export class CompletedRunsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Runs completed after `cursor` and no later than `until`, oldest first. */
  completedBetween(cursor: CompletionCursor, until: Date, limit: number): Promise<CompletedRun[]> {
    return all(this.dataSource, completedRunsStatements.completedBetween(cursor, until, limit));
  }
}
