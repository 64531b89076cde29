import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { prepared } from '@cw/db';
import { groupBy } from '@cw/platform';
import type { SqlStatement } from '@cw/queue';
import type { EntityManager, Repository } from 'typeorm';
import { RunStep } from './entities/run-step.entity';
import type { StepError, StepRecord } from './run-status';

/** Every step of the runs `$1`, in order: read for each batch of hook deliveries (prepared). */
const STEPS_OF_RUNS = prepared(`
  SELECT run_id, step_index AS "index", step_id AS "id", block, status, output, error,
         started_at, finished_at
    FROM workflows.run_steps WHERE run_id = ANY($1::uuid[])
   ORDER BY run_id, step_index`);

export interface StepSlot {
  runId: string;
  index: number;
  stepId: string;
  block: string;
}

export type FinishedStepStatus = 'completed' | 'failed';

/**
 * A finished step whose record goes with the run's next write. Its times are how long ago it
 * started and ended, so the database's clock dates it.
 */
export interface FinishedStepRecord {
  step_index: number;
  step_id: string;
  block: string;
  status: FinishedStepStatus;
  output: unknown;
  error: StepError | null;
  started_ago_ms: number;
  finished_ago_ms: number;
}

/**
 * An `INSERT` of the finished steps in parameter `recordsParam` (a `jsonb` array of
 * `FinishedStepRecord`) for the run `runId` (an SQL expression over `source`), once for the row
 * of `source` (the relation that says the run may still be written) that meets `condition`.
 */
function insertFinishedStepsSql(
  source: string,
  condition: string,
  runId: string,
  recordsParam: string,
): string {
  return `INSERT INTO workflows.run_steps
            (run_id, step_index, step_id, block, status, output, error, started_at, finished_at)
          SELECT ${runId}, r.step_index, r.step_id, r.block, r.status, r.output, r.error,
                 now() - r.started_ago_ms * interval '1 millisecond',
                 now() - r.finished_ago_ms * interval '1 millisecond'
            FROM ${source},
                 jsonb_to_recordset(${recordsParam}::jsonb) AS r(
                   step_index int, step_id text, block text, status text, output jsonb,
                   error jsonb, started_ago_ms float8, finished_ago_ms float8)
           WHERE ${condition}
          ON CONFLICT (run_id, step_index) DO UPDATE
             SET status = excluded.status, output = excluded.output, error = excluded.error,
                 started_at = excluded.started_at, finished_at = excluded.finished_at`;
}

/**
 * Finished steps whose records go with the run's next write, which follows at once: instant steps
 * (never marked `running`; dropped when that write finds a cancel asked for, as they changed
 * nothing) and the step with effects that just ended (always written while the run is held).
 */
export interface UnwrittenSteps {
  instant: readonly FinishedStepRecord[];
  effectful: readonly FinishedStepRecord[];
}

export const NO_UNWRITTEN_STEPS: UnwrittenSteps = { instant: [], effectful: [] };

/**
 * `statement` (a write returning a run's `id` and `status`, for `OutboxWriter.appendForRows`)
 * that also records the unwritten steps of the run, in the same statement, if it wrote the run
 * (the instant ones only if it did not end it cancelled).
 */
export function withFinishedSteps(
  statement: SqlStatement,
  unwritten: UnwrittenSteps,
): SqlStatement {
  const params = [...statement.params];
  const alongside = [...(statement.alongside ?? [])];
  const add = (records: readonly FinishedStepRecord[], condition: string) => {
    if (records.length === 0) return;
    params.push(JSON.stringify(records));
    alongside.push(insertFinishedStepsSql('written', condition, 'written.id', `$${params.length}`));
  };
  add(unwritten.effectful, 'true');
  add(unwritten.instant, `written.status <> 'cancelled'`);
  return { ...statement, params, alongside };
}

/** The run ($1) while the worker of lease generation $2 holds it, share-locked. */
const HELD_RUN = `held AS (
  SELECT cancel_requested FROM workflows.runs
   WHERE id = $1 AND lease_generation = $2 AND status = 'running'
     FOR SHARE)`;

/** How a write of the worker holding a run went: written, or not (run lost, or cancel asked). */
export type HeldRunWrite = 'written' | 'lease_lost' | 'cancel_requested';

/**
 * `workflows.run_steps`. A worker's writes name the lease generation it claimed: they change
 * nothing once another worker holds the run.
 */
@Injectable()
export class RunStepRepository {
  constructor(@InjectRepository(RunStep) private readonly steps: Repository<RunStep>) {}

  /** Every step the run has recorded, by index. */
  async findRecords(runId: string): Promise<StepRecord[]> {
    return (await this.findRecordsOfRuns([runId])).get(runId) ?? [];
  }

  /** Every step each of these runs has recorded, by index (runs with none are left out). */
  async findRecordsOfRuns(runIds: readonly string[]): Promise<Map<string, StepRecord[]>> {
    if (runIds.length === 0) return new Map();
    // Raw SQL: the report a hook delivers reads this for every batch of attempts, and building
    // `find()`'s query from the entity's metadata cost more than the statement.
    const rows: (StepRecord & { run_id: string })[] = await this.steps.query(STEPS_OF_RUNS, [
      runIds,
    ]);
    return groupBy(
      rows,
      (row) => row.run_id,
      ({ run_id: _runId, ...record }) => record,
    );
  }

  /**
   * Records the step as `running` (again, when a worker died in it) while the worker still holds
   * the run and no cancel was asked for, with the unwritten steps before it. The run's row is
   * share-locked for it, so a cancel in progress (which locks the run to see whether a step
   * runs) is waited for, never raced.
   */
  markRunning(
    manager: EntityManager,
    slot: StepSlot,
    generation: number,
    unwritten: UnwrittenSteps = NO_UNWRITTEN_STEPS,
  ): Promise<HeldRunWrite> {
    return this.writeWhileHeld(manager, slot.runId, generation, unwritten, slot);
  }

  /** Records unwritten steps on the terms of `markRunning`. */
  recordFinished(
    manager: EntityManager,
    runId: string,
    generation: number,
    unwritten: UnwrittenSteps,
  ): Promise<HeldRunWrite> {
    return this.writeWhileHeld(manager, runId, generation, unwritten);
  }

  private async writeWhileHeld(
    manager: EntityManager,
    runId: string,
    generation: number,
    unwritten: UnwrittenSteps,
    next?: StepSlot,
  ): Promise<HeldRunWrite> {
    const params: unknown[] = [runId, generation];
    const writes: string[] = [];
    const record = (name: string, records: readonly FinishedStepRecord[], condition: string) => {
      if (records.length === 0) return;
      params.push(JSON.stringify(records));
      const insert = insertFinishedStepsSql('held', condition, '$1::uuid', `$${params.length}`);
      writes.push(`${name} AS (${insert})`);
    };
    record('effects_recorded', unwritten.effectful, 'true');
    record('instants_recorded', unwritten.instant, 'NOT held.cancel_requested');
    if (next) {
      params.push(next.index, next.stepId, next.block);
      const [index, stepId, block] = [params.length - 2, params.length - 1, params.length];
      writes.push(`marked AS (
         INSERT INTO workflows.run_steps (run_id, step_index, step_id, block, status, started_at)
         SELECT $1, $${index}, $${stepId}, $${block}, 'running', now()
           FROM held WHERE NOT held.cancel_requested
         ON CONFLICT (run_id, step_index) DO UPDATE
            SET status = 'running', output = NULL, error = NULL, started_at = now(),
                finished_at = NULL)`);
    }
    // The inserts run whether or not the outer query reads them (a data-modifying WITH always does).
    const [row]: { cancelRequested: boolean }[] = await manager.query(
      `WITH ${[HELD_RUN, ...writes].join(',\n')}
       SELECT cancel_requested AS "cancelRequested" FROM held`,
      params,
    );
    if (!row) return 'lease_lost';
    return row.cancelRequested ? 'cancel_requested' : 'written';
  }

  /** Records how the step ended; false when the lease is lost. */
  async markFinished(
    manager: EntityManager,
    slot: Pick<StepSlot, 'runId' | 'index'>,
    generation: number,
    outcome: { status: FinishedStepStatus; output: unknown; error: StepError | null },
  ): Promise<boolean> {
    const [, affected]: [unknown, number] = await manager.query(
      `UPDATE workflows.run_steps s
          SET status = $4, output = $5::jsonb, error = $6::jsonb, finished_at = now()
         FROM workflows.runs r
        WHERE s.run_id = $1 AND s.step_index = $2
          AND r.id = s.run_id AND r.lease_generation = $3 AND r.status = 'running'`,
      [
        slot.runId,
        slot.index,
        generation,
        outcome.status,
        JSON.stringify(outcome.output ?? null),
        outcome.error === null ? null : JSON.stringify(outcome.error),
      ],
    );
    return affected > 0;
  }

  /** The step waits for its work packet (the caller holds the run locked). */
  async markWaiting(
    manager: EntityManager,
    slot: Pick<StepSlot, 'runId' | 'index'>,
  ): Promise<void> {
    await manager.query(
      `UPDATE workflows.run_steps SET status = 'waiting' WHERE run_id = $1 AND step_index = $2`,
      [slot.runId, slot.index],
    );
  }

  /** The waiting step completes with the work packet's result as its output. */
  async completeWaiting(
    manager: EntityManager,
    slot: Pick<StepSlot, 'runId' | 'index'>,
    output: unknown,
  ): Promise<void> {
    await manager.query(
      `UPDATE workflows.run_steps SET status = 'completed', output = $3::jsonb, finished_at = now()
        WHERE run_id = $1 AND step_index = $2 AND status = 'waiting'`,
      [slot.runId, slot.index, JSON.stringify(output ?? null)],
    );
  }
}
