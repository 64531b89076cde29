import { Injectable } from '@nestjs/common';
import { prepared } from '@cw/db';
import type { SqlStatement } from '@cw/queue';
import { DataSource, type EntityManager } from 'typeorm';
import {
  visibleWorkflowsSql,
  type WorkflowReaderIdentity,
} from '../access/workflow-visibility.sql';
import type { WorkflowDefinition } from '../definitions/workflow-definition';
import type { WorkflowRef } from '../reports/report';
import type { OutputPage, WorkflowStatus } from '../definitions/entities/workflow.entity';
import type { Run, RunTrigger } from './entities/run.entity';
import { readableRunsSql } from './run-readability.sql';
import type { StartCounter } from './run-start-limiter';
import {
  type RunStatus,
  type StepError,
  TERMINAL_RUN_STATUSES,
  type TerminalRunStatus,
} from './run-status';

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
 * The runs with the ids in $1, as `r` with the columns their readers see, found by primary key
 * before anything else is checked. Left to choose, the planner read them through the reader's
 * company's runs whenever its statistics were younger than the table (in the hooks benchmark
 * 2.5 ms for 64 runs among 18,000, against 0.5 ms by key with their workflows): a company's runs
 * only grow, and a key lookup per id costs the same however many there are.
 */
const RUNS_OF_IDS = `WITH r AS MATERIALIZED (
  SELECT id, company_id, workflow_id, started_by, title, status, error, definition, created_at,
         completed_at
    FROM workflows.runs WHERE id = ANY($1::uuid[]))`;

/** What a worker that claimed a run executes it from. */
export interface ClaimedRun extends Pick<
  Run,
  'id' | 'companyId' | 'workflowId' | 'startedBy' | 'inputs' | 'definition' | 'leaseGeneration'
> {
  startedAt: Date;
  /** Whether an earlier worker recorded any step (a fresh run has none to read back). */
  hasStepRecords: boolean;
  /** The claims before this one, in a row, whose lease expired before a step finished. */
  claimsWithoutProgress: number;
  /** The workflow's output page as it was when this worker claimed the run; null without one. */
  outputPage: { workflow: WorkflowRef; page: OutputPage } | null;
}

/** When a worker holds a run, and when one that keeps losing it ends `stale` instead. */
export interface LeaseTerms {
  /** A holder that has not heart-beaten this long has lost the run. */
  leaseSeconds: number;
  /** How long the holder of a run about to reach `lostClaimsToStale` is waited for. */
  staleSeconds: number;
  /** Claims in a row whose lease expired with no step finished that end the run `stale`. */
  lostClaimsToStale: number;
}

/** A run no worker holds, with the generation a worker would claim it from. */
export interface UnheldRun {
  id: string;
  leaseGeneration: number;
}

/**
 * Whether the holder of a run (`heartbeat_at` set) has lost it: it stopped heart-beating
 * `lease` seconds ago, or `stale` seconds ago (the longer) when its claim made no progress
 * (`finished`, the run's finished steps now, is what they were at the claim) and would be the
 * `lostClaims`th such claim in a row. Over the row's own columns; the others are SQL.
 */
function heldLeaseOverSql(finished: string, lease: string, stale: string, lostClaims: string) {
  return `heartbeat_at < now() - make_interval(secs => CASE
            WHEN claims_without_progress + 1 >= ${lostClaims}::int AND ${finished} = progress_at_claim
            THEN GREATEST(${stale}::float8, ${lease}::float8) ELSE ${lease}::float8 END)`;
}

/** A run its worker still holds, locked. */
export interface HeldRun extends Pick<Run, 'id' | 'companyId' | 'workflowId' | 'startedBy'> {
  cancelRequested: boolean;
}

/** Who a finished run's report is announced to. */
export type FinishingRun = Pick<Run, 'id' | 'companyId' | 'workflowId' | 'startedBy'>;

export interface ReportListItem {
  id: string;
  status: RunStatus;
  workflow_name: string;
  created_at: Date;
  completed_at: Date | null;
}

export interface ReportListFilter {
  status?: RunStatus;
  workflowId?: string;
}

/** `workflows.runs`. */
@Injectable()
export class RunRepository {
  constructor(private readonly dataSource: DataSource) {}

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
    const params: unknown[] = [ids];
    const readable = readableRunsSql('r', 'w', reader, params);
    // The same text at every call (the reader's identity is all in parameters): prepared.
    return this.dataSource.query(
      prepared(`${RUNS_OF_IDS}
       SELECT r.id, r.company_id AS "companyId", r.workflow_id AS "workflowId",
              r.started_by AS "startedBy", r.title, r.status, r.error, r.definition,
              r.created_at AS "createdAt", r.completed_at AS "completedAt",
              json_build_object('id', w.id, 'number', w.number, 'name', w.name) AS workflow
         FROM r JOIN workflows.workflows w ON w.id = r.workflow_id
        WHERE ${readable}`),
      params,
    );
  }

  /** Which of these runs the reader may read the reports of. */
  async filterReadable(reader: WorkflowReaderIdentity, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const params: unknown[] = [ids];
    const readable = readableRunsSql('r', 'w', reader, params);
    const rows: { id: string }[] = await this.dataSource.query(
      prepared(`${RUNS_OF_IDS}
       SELECT r.id FROM r JOIN workflows.workflows w ON w.id = r.workflow_id WHERE ${readable}`),
      params,
    );
    return rows.map((row) => row.id);
  }

  /** The run locked for the caller's transaction, if the reader may read its report. */
  async lockReadable(
    manager: EntityManager,
    reader: WorkflowReaderIdentity,
    id: string,
  ): Promise<LockedRun | null> {
    const params: unknown[] = [id];
    const readable = readableRunsSql('r', 'w', reader, params);
    const [row]: LockedRun[] = await manager.query(
      `SELECT r.id, r.company_id AS "companyId", r.workflow_id AS "workflowId",
              r.started_by AS "startedBy", r.status,
              EXISTS (SELECT 1 FROM workflows.run_steps s
                       WHERE s.run_id = r.id AND s.status = 'running') AS "stepRunning"
         FROM workflows.runs r JOIN workflows.workflows w ON w.id = r.workflow_id
        WHERE r.id = $1 AND ${readable}
          FOR UPDATE OF r`,
      params,
    );
    return row ?? null;
  }

  /** Asks the worker running a step of this run to stop after it. */
  async requestCancel(manager: EntityManager, id: string): Promise<void> {
    await manager.query(
      `UPDATE workflows.runs SET cancel_requested = true, updated_at = now() WHERE id = $1`,
      [id],
    );
  }

  /**
   * Ends a run not yet terminal, or with `held` only while the worker of that lease generation
   * still holds it; to compose with the `report.finished` event. With `held.cancelled`, a cancel
   * asked for meanwhile wins: the run ends `cancelled` with that error. Returns the run's `id`,
   * `company_id`, `workflow_id`, `started_by` and `status`, or no row when it had already ended
   * (or the lease was lost).
   */
  finishStatement(
    id: string,
    status: TerminalRunStatus,
    error: StepError | null,
    held?: { generation: number; cancelled?: StepError },
  ): SqlStatement {
    const params: unknown[] = [
      id,
      status,
      error === null ? null : JSON.stringify(error),
      held ? held.generation : TERMINAL_RUN_STATUSES,
    ];
    const fence = held
      ? `lease_generation = $4 AND status = 'running'`
      : `status <> ALL($4::text[])`;
    let ending = `status = $2, error = $3::jsonb`;
    if (held?.cancelled) {
      params.push(JSON.stringify(held.cancelled));
      ending = `status = CASE WHEN cancel_requested THEN 'cancelled' ELSE $2 END,
                error = CASE WHEN cancel_requested THEN $5::jsonb ELSE $3::jsonb END`;
    }
    return {
      sql: `UPDATE workflows.runs
               SET ${ending}, completed_at = now(), updated_at = now()
             WHERE id = $1 AND ${fence}
             RETURNING id, company_id, workflow_id, started_by, status`,
      params,
    };
  }

  /** One page of the reports the reader may read, newest first, and how many there are in all. */
  async listReadable(
    reader: WorkflowReaderIdentity,
    filter: ReportListFilter,
    page: { limit: number; offset: number },
  ): Promise<{ reports: ReportListItem[]; total: number }> {
    const params: unknown[] = [];
    let where = readableRunsSql('r', 'w', reader, params);
    if (filter.status) {
      params.push(filter.status);
      where += ` AND r.status = $${params.length}`;
    }
    if (filter.workflowId) {
      params.push(filter.workflowId);
      where += ` AND r.workflow_id = $${params.length}`;
    }
    const from = `FROM workflows.runs r JOIN workflows.workflows w ON w.id = r.workflow_id`;
    const filterParams = [...params];
    params.push(page.limit, page.offset);
    const rows: (ReportListItem & { total: number })[] = await this.dataSource.query(
      `SELECT r.id, r.status, w.name AS workflow_name, r.created_at, r.completed_at,
              count(*) OVER ()::int AS total
         ${from} WHERE ${where}
        ORDER BY r.created_at DESC, r.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const reports = rows.map(({ total: _total, ...report }) => report);
    if (rows.length > 0 || page.offset === 0) return { reports, total: rows[0]?.total ?? 0 };
    // A page past the end has no row to carry the count.
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total ${from} WHERE ${where}`,
      filterParams,
    );
    return { reports, total };
  }

  /** Removes the run for good with its steps and work packets; its receipt keeps a null run. */
  async remove(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`DELETE FROM workflows.runs WHERE id = $1`, [id]);
  }

  // Execution (runs/execution): claiming, heart-beating and pausing a run. Every write of a
  // worker carries the lease generation it claimed, so a worker that lost the run changes nothing.

  /** The company of the run; null for a run that is not there. */
  async companyOf(id: string): Promise<string | null> {
    const rows: { company_id: string }[] = await this.dataSource.query(
      'SELECT company_id FROM workflows.runs WHERE id = $1',
      [id],
    );
    return rows[0]?.company_id ?? null;
  }

  /**
   * Takes the run for one worker: a live run whose wait is over and that no worker holds (never
   * claimed, released, or its holder stopped heart-beating `leaseSeconds` ago). Increments the
   * lease generation and counts the claim that lost the run before, if its lease expired with no
   * step finished. A run that would reach `lostClaimsToStale` such claims in a row is taken only
   * once its holder has not heart-beaten for `staleSeconds` either; the caller then ends it.
   */
  async claim(id: string, terms: LeaseTerms): Promise<ClaimedRun | null> {
    const [rows]: [ClaimedRun[], number] = await this.dataSource.query(
      `UPDATE workflows.runs
          SET lease_generation = lease_generation + 1, heartbeat_at = now(), wake_at = NULL,
              started_at = COALESCE(started_at, now()), updated_at = now(),
              claims_without_progress = CASE
                WHEN heartbeat_at IS NOT NULL AND p.finished = progress_at_claim
                THEN claims_without_progress + 1 ELSE 0 END,
              progress_at_claim = p.finished
         FROM (SELECT count(*)::int AS recorded, count(finished_at)::int AS finished
                 FROM workflows.run_steps WHERE run_id = $1) p
        WHERE id = $1 AND status = 'running'
          AND (wake_at IS NULL OR wake_at <= now())
          AND (heartbeat_at IS NULL OR ${heldLeaseOverSql('p.finished', '$2', '$3', '$4')})
        RETURNING id, company_id AS "companyId", workflow_id AS "workflowId",
                  started_by AS "startedBy", inputs, definition, started_at AS "startedAt",
                  lease_generation AS "leaseGeneration", p.recorded > 0 AS "hasStepRecords",
                  claims_without_progress AS "claimsWithoutProgress",
                  (SELECT jsonb_build_object(
                            'workflow', jsonb_build_object('id', w.id, 'number', w.number,
                                                           'name', w.name),
                            'page', w.output_page)
                     FROM workflows.workflows w
                    WHERE w.id = runs.workflow_id AND w.output_page IS NOT NULL) AS "outputPage"`,
      [id, terms.leaseSeconds, terms.staleSeconds, terms.lostClaimsToStale],
    );
    return rows[0] ?? null;
  }

  /** Keeps the lease alive; false once another worker holds the run or it left `running`. */
  async heartbeat(id: string, generation: number): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE workflows.runs SET heartbeat_at = now()
        WHERE id = $1 AND lease_generation = $2 AND status = 'running'`,
      [id, generation],
    );
    return affected > 0;
  }

  /** The held run locked for the caller's transaction, or null when the lease was lost. */
  async lockHeld(manager: EntityManager, id: string, generation: number): Promise<HeldRun | null> {
    const [row]: HeldRun[] = await manager.query(
      `SELECT id, company_id AS "companyId", workflow_id AS "workflowId",
              started_by AS "startedBy", cancel_requested AS "cancelRequested"
         FROM workflows.runs
        WHERE id = $1 AND lease_generation = $2 AND status = 'running'
          FOR UPDATE`,
      [id, generation],
    );
    return row ?? null;
  }

  /**
   * Releases a held run until `wakeAt` (a `wait` step): it keeps its place. Releasing ends the
   * lease generation, so a heartbeat still in flight cannot take the run back; answers the
   * generation the run sleeps in (its wake-up job is named after it).
   */
  async sleepUntil(manager: EntityManager, id: string, wakeAt: Date): Promise<number> {
    const [[row]]: [{ generation: number }[], number] = await manager.query(
      `UPDATE workflows.runs
          SET wake_at = $2, heartbeat_at = NULL, lease_generation = lease_generation + 1,
              updated_at = now()
        WHERE id = $1
        RETURNING lease_generation AS generation`,
      [id, wakeAt],
    );
    return row.generation;
  }

  /** Releases a held run (ending its lease generation) until its work packet's result arrives. */
  async awaitWorkPacket(manager: EntityManager, id: string): Promise<void> {
    await manager.query(
      `UPDATE workflows.runs
          SET status = 'awaiting_work_packet', heartbeat_at = NULL,
              lease_generation = lease_generation + 1, updated_at = now()
        WHERE id = $1`,
      [id],
    );
  }

  /** A run whose work packet was answered runs again (a worker claims it). */
  async resumeFromWorkPacket(manager: EntityManager, id: string): Promise<void> {
    await manager.query(
      `UPDATE workflows.runs SET status = 'running', heartbeat_at = NULL, updated_at = now()
        WHERE id = $1 AND status = 'awaiting_work_packet'`,
      [id],
    );
  }

  /**
   * Marks for the caller to hand to the queue up to `limit` running runs that no worker holds
   * and whose own job is overdue: due (a wait over) and not claimed for `leaseSeconds` since it
   * became claimable, or held by a worker that stopped heart-beating as `claim` counts it. Those
   * handed over within `againSeconds` are left out, and the longest unvisited come first, so
   * successive passes go round all of them; rows another reconciler is marking are skipped, so
   * two at once never take the same run. Answers each with the generation it is claimable in.
   */
  async markRequeued(terms: LeaseTerms, againSeconds: number, limit: number): Promise<UnheldRun[]> {
    const finished = `(SELECT count(finished_at)::int FROM workflows.run_steps s
                        WHERE s.run_id = runs.id)`;
    const [rows]: [UnheldRun[], number] = await this.dataSource.query(
      `UPDATE workflows.runs r SET requeued_at = now()
         FROM (SELECT id FROM workflows.runs
                WHERE status = 'running'
                  AND (requeued_at IS NULL OR requeued_at < now() - make_interval(secs => $5))
                  AND (wake_at IS NULL OR wake_at <= now())
                  AND CASE WHEN heartbeat_at IS NULL
                           THEN COALESCE(wake_at, updated_at) < now() - make_interval(secs => $1)
                           ELSE ${heldLeaseOverSql(finished, '$1', '$2', '$3')} END
                ORDER BY requeued_at NULLS FIRST, updated_at
                LIMIT $4
                  FOR UPDATE SKIP LOCKED) due
        WHERE r.id = due.id
        RETURNING r.id, r.lease_generation AS "leaseGeneration"`,
      [terms.leaseSeconds, terms.staleSeconds, terms.lostClaimsToStale, limit, againSeconds],
    );
    return rows;
  }
}
