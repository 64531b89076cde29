import { Injectable } from '@nestjs/common';
import { all, first, type StatementRunner } from '@cw/db';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import type { WorkflowReaderIdentity } from '../access/workflow-visibility.sql';
import type { WorkflowRef } from '../reports/report';
import type { Run } from '../workflows-schema';
import { readableRunsSql } from './run-readability.sql';
import type { RunStatus } from './run-status';

/** A run as its readers see it, with its workflow. */
export interface ReadableRun extends Pick<
  Run,
  | 'id'
  | 'companyId'
  | 'workflowId'
  | 'startedBy'
  | 'title'
  | 'status'
  | 'error'
  | 'definition'
  | 'createdAt'
  | 'completedAt'
> {
  workflow: WorkflowRef;
}

/** A readable run locked for the caller's transaction, and whether one of its steps is running. */
export interface LockedRun extends Pick<Run, 'id' | 'companyId' | 'workflowId' | 'startedBy'> {
  status: RunStatus;
  stepRunning: boolean;
}

/**
 * The runs with these ids, as `r` with the columns their readers see, found by primary key
 * before anything else is checked (docs/benchmarks.md, "Hot statements go by key, whatever the
 * statistics say"). Left to choose, the planner read them through the reader's company's runs
 * whenever its statistics were younger than the table (in the hooks benchmark 2.5 ms for 64 runs
 * among 18,000, against 0.5 ms by key with their workflows): a company's runs only grow, and a
 * key lookup per id costs the same however many there are. The `MATERIALIZED` CTE is what keeps
 * the reader's conditions out of the lookup, so these statements are hand-written;
 * `reports.int-spec.ts` checks both plans.
 */
const runsOfIds = (ids: readonly string[]) => sql`WITH r AS MATERIALIZED (
  SELECT id, company_id, workflow_id, started_by, title, status, error, definition, created_at,
         completed_at
    FROM workflows.runs WHERE id = ANY(${ids}::uuid[]))`;

export const runReadStatements = {
  /** The same text at every call (the reader's identity is all in parameters): run prepared. */
  findReadableMany: (reader: WorkflowReaderIdentity, ids: readonly string[]) =>
    sql<ReadableRun>`${runsOfIds(ids)}
       SELECT r.id, r.company_id AS "companyId", r.workflow_id AS "workflowId",
              r.started_by AS "startedBy", r.title, r.status, r.error, r.definition,
              r.created_at AS "createdAt", r.completed_at AS "completedAt",
              json_build_object('id', w.id, 'number', w.number, 'name', w.name) AS workflow
         FROM r JOIN workflows.workflows w ON w.id = r.workflow_id
        WHERE ${readableRunsSql('r', 'w', reader)}`,

  /** Run prepared, as `findReadableMany`. */
  filterReadable: (reader: WorkflowReaderIdentity, ids: readonly string[]) =>
    sql<{ id: string }>`${runsOfIds(ids)}
       SELECT r.id FROM r JOIN workflows.workflows w ON w.id = r.workflow_id
        WHERE ${readableRunsSql('r', 'w', reader)}`,

  lockReadable: (reader: WorkflowReaderIdentity, id: string) =>
    sql<LockedRun>`SELECT r.id, r.company_id AS "companyId", r.workflow_id AS "workflowId",
              r.started_by AS "startedBy", r.status,
              EXISTS (SELECT 1 FROM workflows.run_steps s
                       WHERE s.run_id = r.id AND s.status = 'running') AS "stepRunning"
         FROM workflows.runs r JOIN workflows.workflows w ON w.id = r.workflow_id
        WHERE r.id = ${id} AND ${readableRunsSql('r', 'w', reader)}
          FOR UPDATE OF r`,
};

/** `workflows.runs` as its readers see it: one run or a few by id, as the reader may read them. */
@Injectable()
export class RunReadRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The run with its workflow, if the reader may read its report. */
  async findReadable(reader: WorkflowReaderIdentity, id: string): Promise<ReadableRun | null> {
    const [run] = await this.findReadableMany(reader, [id]);
    return run ?? null;
  }

  /** Those of these runs the reader may read the reports of, in no particular order. */
  async findReadableMany(
    reader: WorkflowReaderIdentity,
    ids: readonly string[],
  ): Promise<ReadableRun[]> {
    if (ids.length === 0) return [];
    return all(this.dataSource, runReadStatements.findReadableMany(reader, ids), {
      prepared: true,
    });
  }

  /** Which of these runs the reader may read the reports of. */
  async filterReadable(reader: WorkflowReaderIdentity, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await all(this.dataSource, runReadStatements.filterReadable(reader, ids), {
      prepared: true,
    });
    return rows.map((row) => row.id);
  }

  /** The run locked for the caller's transaction, if the reader may read its report. */
  lockReadable(
    runner: StatementRunner,
    reader: WorkflowReaderIdentity,
    id: string,
  ): Promise<LockedRun | null> {
    return first(runner, runReadStatements.lockReadable(reader, id));
  }
}
