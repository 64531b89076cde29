import { Injectable } from '@nestjs/common';
import { all, first, rawQuery, run, type StatementRunner } from '@cw/db';
import { DataSource } from 'typeorm';
import type { WorkflowRef } from '../reports/report';
import { type OutputPage, type Run, workflowsDb } from '../workflows-schema';

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

/** A run its worker still holds, locked. */
export interface HeldRun extends Pick<Run, 'id' | 'companyId' | 'workflowId' | 'startedBy'> {
  cancelRequested: boolean;
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

/**
 * The engine's lease statements were tuned by hand (docs/benchmarks.md, the runs benchmarks):
 * their texts are kept as written, as typed raw SQL, so that neither their plans nor their
 * locking (`FOR UPDATE`, `FOR UPDATE SKIP LOCKED`) can change with a rewrite.
 */
export const runLeaseStatements = {
  companyOf: (id: string) =>
    workflowsDb.selectFrom('workflows.runs').select('company_id as companyId').where('id', '=', id),

  claim: (id: string, terms: LeaseTerms) =>
    rawQuery<ClaimedRun>(
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
    ),

  /** `RETURNING id`: the rows say whether the lease is still held. */
  heartbeat: (id: string, generation: number) =>
    rawQuery<{ id: string }>(
      `UPDATE workflows.runs SET heartbeat_at = now()
        WHERE id = $1 AND lease_generation = $2 AND status = 'running'
        RETURNING id`,
      [id, generation],
    ),

  lockHeld: (id: string, generation: number) =>
    rawQuery<HeldRun>(
      `SELECT id, company_id AS "companyId", workflow_id AS "workflowId",
              started_by AS "startedBy", cancel_requested AS "cancelRequested"
         FROM workflows.runs
        WHERE id = $1 AND lease_generation = $2 AND status = 'running'
          FOR UPDATE`,
      [id, generation],
    ),

  sleepUntil: (id: string, wakeAt: Date) =>
    rawQuery<{ generation: number }>(
      `UPDATE workflows.runs
          SET wake_at = $2, heartbeat_at = NULL, lease_generation = lease_generation + 1,
              updated_at = now()
        WHERE id = $1
        RETURNING lease_generation AS generation`,
      [id, wakeAt],
    ),

  awaitWorkPacket: (id: string) =>
    rawQuery(
      `UPDATE workflows.runs
          SET status = 'awaiting_work_packet', heartbeat_at = NULL,
              lease_generation = lease_generation + 1, updated_at = now()
        WHERE id = $1`,
      [id],
    ),

  resumeFromWorkPacket: (id: string) =>
    rawQuery(
      `UPDATE workflows.runs SET status = 'running', heartbeat_at = NULL, updated_at = now()
        WHERE id = $1 AND status = 'awaiting_work_packet'`,
      [id],
    ),

  markRequeued: (terms: LeaseTerms, againSeconds: number, limit: number) => {
    const finished = `(SELECT count(finished_at)::int FROM workflows.run_steps s
                        WHERE s.run_id = runs.id)`;
    return rawQuery<UnheldRun>(
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
  },
};

/**
 * `workflows.runs` as the run engine holds them (runs/execution): claiming, heart-beating,
 * pausing and re-queueing a run. Every write of a worker carries the lease generation it
 * claimed, so a worker that lost the run changes nothing.
 */
@Injectable()
export class RunLeaseRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The company of the run; null for a run that is not there. */
  async companyOf(id: string): Promise<string | null> {
    return (await first(this.dataSource, runLeaseStatements.companyOf(id)))?.companyId ?? null;
  }

  /**
   * Takes the run for one worker: a live run whose wait is over and that no worker holds (never
   * claimed, released, or its holder stopped heart-beating `leaseSeconds` ago). Increments the
   * lease generation and counts the claim that lost the run before, if its lease expired with no
   * step finished. A run that would reach `lostClaimsToStale` such claims in a row is taken only
   * once its holder has not heart-beaten for `staleSeconds` either; the caller then ends it.
   */
  claim(id: string, terms: LeaseTerms): Promise<ClaimedRun | null> {
    return first(this.dataSource, runLeaseStatements.claim(id, terms));
  }

  /** Keeps the lease alive; false once another worker holds the run or it left `running`. */
  async heartbeat(id: string, generation: number): Promise<boolean> {
    return (await first(this.dataSource, runLeaseStatements.heartbeat(id, generation))) !== null;
  }

  /** The held run locked for the caller's transaction, or null when the lease was lost. */
  lockHeld(runner: StatementRunner, id: string, generation: number): Promise<HeldRun | null> {
    return first(runner, runLeaseStatements.lockHeld(id, generation));
  }

  /**
   * Releases a held run until `wakeAt` (a `wait` step): it keeps its place. Releasing ends the
   * lease generation, so a heartbeat still in flight cannot take the run back; answers the
   * generation the run sleeps in (its wake-up job is named after it).
   */
  async sleepUntil(runner: StatementRunner, id: string, wakeAt: Date): Promise<number> {
    const [row] = await all(runner, runLeaseStatements.sleepUntil(id, wakeAt));
    return row.generation;
  }

  /** Releases a held run (ending its lease generation) until its work packet's result arrives. */
  awaitWorkPacket(runner: StatementRunner, id: string): Promise<void> {
    return run(runner, runLeaseStatements.awaitWorkPacket(id));
  }

  /** A run whose work packet was answered runs again (a worker claims it). */
  resumeFromWorkPacket(runner: StatementRunner, id: string): Promise<void> {
    return run(runner, runLeaseStatements.resumeFromWorkPacket(id));
  }

  /**
   * Marks for the caller to hand to the queue up to `limit` running runs that no worker holds
   * and whose own job is overdue: due (a wait over) and not claimed for `leaseSeconds` since it
   * became claimable, or held by a worker that stopped heart-beating as `claim` counts it. Those
   * handed over within `againSeconds` are left out, and the longest unvisited come first, so
   * successive passes go round all of them; rows another reconciler is marking are skipped, so
   * two at once never take the same run. Answers each with the generation it is claimable in.
   */
  markRequeued(terms: LeaseTerms, againSeconds: number, limit: number): Promise<UnheldRun[]> {
    return all(this.dataSource, runLeaseStatements.markRequeued(terms, againSeconds, limit));
  }
}
