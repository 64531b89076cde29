import { Injectable } from '@nestjs/common';
import type { SqlStatement } from '@cw/queue';
import type { EntityManager } from 'typeorm';
import {
  visibleWorkflowsSql,
  type WorkflowReaderIdentity,
} from '../access/workflow-visibility.sql';
import type { WorkflowStatus } from '../definitions/entities/workflow.entity';
import type { WorkflowDefinition } from '../definitions/workflow-definition';
import type { RunTrigger } from './entities/run.entity';
import type { StartCounter } from './run-start-limiter';
import type { RunStatus } from './run-status';

/**
 * A further condition a start requires of its workflow row (`workflowAlias`), checked in the
 * start's one statement: its SQL, with its parameters pushed onto `params`.
 */
export type StartCondition = (workflowAlias: string, params: unknown[]) => string;

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

/** `workflows.runs` as a start writes it: the new run, and the status an exact retry answers. */
@Injectable()
export class RunStartRepository {
  /** Inserts a run that starts at once (`running`) and answers its id. */
  async insertRunning(manager: EntityManager, run: NewRun): Promise<string> {
    const { sql, params } = this.insertRunningStatement(run);
    const [{ id }]: { id: string }[] = await manager.query(sql, params);
    return id;
  }

  /**
   * The statement of `insertRunning`, returning the new run's `id`, to compose with another.
   * With `countStart`, the start is counted first in the same statement, and no run is inserted
   * (none returned) when the hourly limit refuses it.
   */
  insertRunningStatement(run: NewRun, countStart?: StartCounter): SqlStatement {
    const params: unknown[] = [
      run.companyId,
      run.workflowId,
      run.startedBy,
      run.trigger,
      run.title,
      JSON.stringify(run.inputs),
      JSON.stringify(run.definition),
    ];
    const counting = countStart?.(run.workflowId, params);
    return {
      sql: `INSERT INTO workflows.runs
              (company_id, workflow_id, started_by, trigger, title, inputs, definition, status,
               started_at)
            SELECT $1::uuid, $2::uuid, $3::uuid, $4::text, $5::text, $6::jsonb, $7::jsonb,
                   'running', now()
            ${counting ? `WHERE EXISTS (SELECT 1 FROM ${START_COUNTED})` : ''}
            RETURNING id, company_id`,
      params,
      preceding: counting ? [{ name: START_COUNTED, sql: counting }] : undefined,
    };
  }

  /**
   * `insertRunningStatement` for a workflow known by id only: the run takes the workflow's
   * company and definition in the statement, and no row is inserted (none returned) unless the
   * workflow is startable and visible to the starter at that moment.
   */
  insertRunningIfStartableStatement(run: NewRunOfStartableWorkflow): SqlStatement {
    const params: unknown[] = [
      run.workflowId,
      run.starter.personId,
      run.trigger,
      run.title,
      JSON.stringify(run.inputs),
      run.startable,
    ];
    const visible = visibleWorkflowsSql('w', run.starter, params);
    const required = run.requires ? ` AND ${run.requires('w', params)}` : '';
    const startable = `w.id = $1 AND w.status = ANY($6::text[]) AND ${visible}${required}`;
    // Counted only if the workflow is startable, in the same snapshot as the insert reads it.
    const counting = run.countStart?.(
      run.workflowId,
      params,
      `EXISTS (SELECT 1 FROM workflows.workflows w WHERE ${startable})`,
    );
    return {
      sql: `INSERT INTO workflows.runs
              (company_id, workflow_id, started_by, trigger, title, inputs, definition, status,
               started_at)
            SELECT w.company_id, w.id, $2::uuid, $3::text, $4::text, $5::jsonb, w.definition,
                   'running', now()
              FROM workflows.workflows w
             WHERE ${startable}${counting ? ` AND EXISTS (SELECT 1 FROM ${START_COUNTED})` : ''}
            RETURNING id, company_id`,
      params,
      preceding: counting ? [{ name: START_COUNTED, sql: counting }] : undefined,
    };
  }

  async findStatus(manager: EntityManager, id: string): Promise<RunStatus | null> {
    const [row]: { status: RunStatus }[] = await manager.query(
      `SELECT status FROM workflows.runs WHERE id = $1`,
      [id],
    );
    return row?.status ?? null;
  }
}
