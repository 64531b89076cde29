import { Injectable } from '@nestjs/common';
import { all, first, type StatementRunner } from '@cw/db';
import type { RowsWrite } from '@cw/queue';
import { type Expression, type SqlBool, sql } from 'kysely';
import {
  visibleWorkflowsSql,
  type WorkflowReaderIdentity,
} from '../access/workflow-visibility.sql';
import type { WorkflowDefinition } from '../definitions/workflow-definition';
import { type RunTrigger, workflowsDb, type WorkflowStatus } from '../workflows-schema';
import type { StartCounter } from './run-start-limiter';

/**
 * A further condition a start requires of its workflow row (aliased `workflowAlias`), checked
 * in the start's one statement.
 */
export type StartCondition = (workflowAlias: string) => Expression<SqlBool>;

/**
 * A start the database admits only while its workflow is in one of `startable` (the trigger's
 * statuses), visible to the starter, and meets `requires` when given.
 */
export type NewRunOfStartableWorkflow = Omit<NewRun, 'companyId' | 'startedBy' | 'definition'> & {
  starter: WorkflowReaderIdentity;
  startable: readonly WorkflowStatus[];
  requires?: StartCondition;
  /** Counts the start against the hourly limit; no run is inserted when it is refused. */
  countStart?: StartCounter;
};

/** The name of the counting statement a start runs before its insert (`preceding`). */
const START_COUNTED = 'start_counted';

export interface NewRun {
  companyId: string;
  workflowId: string;
  startedBy: string;
  trigger: RunTrigger;
  title: string | null;
  inputs: Record<string, unknown>;
  definition: WorkflowDefinition;
}

/** What a start's insert returns: what its `run.requested` event is made of. */
export interface InsertedRun {
  id: string;
  company_id: string;
}

/**
 * The start's statements are hand-written: an `INSERT ... SELECT` whose `WHERE` is composed of
 * the conditions of the start (visibility, the trigger's, the counted start before it), the
 * shape the one-statement start was measured in (docs/benchmarks.md).
 */
export const runStartStatements = {
  /**
   * A run that starts at once (`running`), returning its `id` and `company_id`. With
   * `countStart`, the start is counted first in the same statement, and no run is inserted
   * (none returned) when the hourly limit refuses it.
   */
  insertRunning: (run: NewRun, countStart?: StartCounter): RowsWrite<InsertedRun> => {
    const counting = countStart?.(run.workflowId);
    return {
      write: sql<InsertedRun>`INSERT INTO workflows.runs
              (company_id, workflow_id, started_by, trigger, title, inputs, definition, status,
               started_at)
            SELECT ${run.companyId}::uuid, ${run.workflowId}::uuid, ${run.startedBy}::uuid,
                   ${run.trigger}::text, ${run.title}::text, ${JSON.stringify(run.inputs)}::jsonb,
                   ${JSON.stringify(run.definition)}::jsonb, 'running', now()
            ${counting ? sql`WHERE EXISTS (SELECT 1 FROM ${sql.id(START_COUNTED)}) ` : sql``}RETURNING id, company_id`,
      preceding: counting ? [{ name: START_COUNTED, statement: counting }] : undefined,
    };
  },

  /**
   * `insertRunning` for a workflow known by id only: the run takes the workflow's company and
   * definition in the statement, and no row is inserted (none returned) unless the workflow is
   * startable and visible to the starter at that moment.
   */
  insertRunningIfStartable: (run: NewRunOfStartableWorkflow): RowsWrite<InsertedRun> => {
    const required = run.requires ? sql` AND ${run.requires('w')}` : sql``;
    const startable = sql<boolean>`w.id = ${run.workflowId} AND w.status = ANY(${run.startable}::text[]) AND ${visibleWorkflowsSql('w', run.starter)}${required}`;
    // Counted only if the workflow is startable, in the same snapshot as the insert reads it.
    const counting = run.countStart?.(
      run.workflowId,
      sql<boolean>`EXISTS (SELECT 1 FROM workflows.workflows w WHERE ${startable})`,
    );
    return {
      write: sql<InsertedRun>`INSERT INTO workflows.runs
              (company_id, workflow_id, started_by, trigger, title, inputs, definition, status,
               started_at)
            SELECT w.company_id, w.id, ${run.starter.personId}::uuid, ${run.trigger}::text,
                   ${run.title}::text, ${JSON.stringify(run.inputs)}::jsonb, w.definition,
                   'running', now()
              FROM workflows.workflows w
             WHERE ${startable}${counting ? sql` AND EXISTS (SELECT 1 FROM ${sql.id(START_COUNTED)})` : sql``}
            RETURNING id, company_id`,
      preceding: counting ? [{ name: START_COUNTED, statement: counting }] : undefined,
    };
  },

  findStatus: (id: string) =>
    workflowsDb.selectFrom('workflows.runs').select('status').where('id', '=', id),
};

/** `workflows.runs` as a start writes it: the new run, and the status an exact retry answers. */
@Injectable()
export class RunStartRepository {
  /** Inserts a run that starts at once (`running`) and answers its id. */
  async insertRunning(runner: StatementRunner, run: NewRun): Promise<string> {
    const [{ id }] = await all(runner, runStartStatements.insertRunning(run).write);
    return id;
  }

  /** The statement of `insertRunning`, to compose with the outbox (`OutboxWriter.appendForRows`). */
  insertRunningStatement(run: NewRun, countStart?: StartCounter): RowsWrite<InsertedRun> {
    return runStartStatements.insertRunning(run, countStart);
  }

  /** `runStartStatements.insertRunningIfStartable`, to compose with the outbox. */
  insertRunningIfStartableStatement(run: NewRunOfStartableWorkflow): RowsWrite<InsertedRun> {
    return runStartStatements.insertRunningIfStartable(run);
  }

  async findStatus(runner: StatementRunner, id: string) {
    return (await first(runner, runStartStatements.findStatus(id)))?.status ?? null;
  }
}
