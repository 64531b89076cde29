import { Injectable } from '@nestjs/common';
import { all, first, rawQuery, run, type StatementRunner } from '@cw/db';
import { groupBy } from '@cw/platform';
import { type RawBuilder, sql } from 'kysely';
import { DataSource } from 'typeorm';
import { workflowsDb } from '../workflows-schema';
import {
  type FinishedStepRecord,
  type FinishedStepStatus,
  insertFinishedStepsSql,
  NO_UNWRITTEN_STEPS,
  type UnwrittenSteps,
} from './finished-steps.sql';
import type { StepError, StepRecord } from './run-status';

export interface StepSlot {
  runId: string;
  index: number;
  stepId: string;
  block: string;
}

export const runStepStatements = {
  /**
   * Every step of the runs, in order: read for each batch of hook deliveries, so a fixed text
   * run prepared (building `find()`'s query from metadata cost more than the statement).
   */
  stepsOfRuns: (runIds: readonly string[]) =>
    rawQuery<StepRecord & { run_id: string }>(
      `
  SELECT run_id, step_index AS "index", step_id AS "id", block, status, output, error,
         started_at, finished_at
    FROM workflows.run_steps WHERE run_id = ANY($1::uuid[])
   ORDER BY run_id, step_index`,
      [runIds],
    ),

  /**
   * The run while the worker of `generation` holds it, share-locked (`held`), the unwritten steps
   * and with `next` the step marked `running`, as data-modifying `WITH` parts (they run whether
   * or not the outer query reads them). Hand-written: the lock's shape is what a cancel waits on.
   */
  writeWhileHeld: (
    runId: string,
    generation: number,
    unwritten: UnwrittenSteps,
    next?: StepSlot,
  ) => {
    const heldRun = sql<string>`${runId}::uuid`;
    const writes: RawBuilder<unknown>[] = [];
    const record = (name: string, records: readonly FinishedStepRecord[], condition: string) => {
      if (records.length === 0) return;
      const insert = insertFinishedStepsSql('held', sql.raw(condition), heldRun, records);
      writes.push(sql`${sql.id(name)} AS (${insert})`);
    };
    record('effects_recorded', unwritten.effectful, 'true');
    record('instants_recorded', unwritten.instant, 'NOT held.cancel_requested');
    if (next) {
      writes.push(sql`marked AS (
         INSERT INTO workflows.run_steps (run_id, step_index, step_id, block, status, started_at)
         SELECT ${heldRun}, ${next.index}, ${next.stepId}, ${next.block}, 'running', now()
           FROM held WHERE NOT held.cancel_requested
         ON CONFLICT (run_id, step_index) DO UPDATE
            SET status = 'running', output = NULL, error = NULL, started_at = now(),
                finished_at = NULL)`);
    }
    const held = sql`held AS (
  SELECT cancel_requested FROM workflows.runs
   WHERE id = ${runId} AND lease_generation = ${generation} AND status = 'running'
     FOR SHARE)`;
    return sql<{ cancelRequested: boolean }>`WITH ${sql.join([held, ...writes], sql`,\n`)}
       SELECT cancel_requested AS "cancelRequested" FROM held`;
  },

  /** Hand-written: the step's update joined to its run's lease fence. */
  markFinished: (
    slot: Pick<StepSlot, 'runId' | 'index'>,
    generation: number,
    outcome: { status: FinishedStepStatus; output: unknown; error: StepError | null },
  ) =>
    sql<{ runId: string }>`UPDATE workflows.run_steps s
          SET status = ${outcome.status}, output = ${JSON.stringify(outcome.output ?? null)}::jsonb,
              error = ${outcome.error === null ? null : JSON.stringify(outcome.error)}::jsonb,
              finished_at = now()
         FROM workflows.runs r
        WHERE s.run_id = ${slot.runId} AND s.step_index = ${slot.index}
          AND r.id = s.run_id AND r.lease_generation = ${generation} AND r.status = 'running'
        RETURNING s.run_id AS "runId"`,

  markWaiting: (slot: Pick<StepSlot, 'runId' | 'index'>) =>
    workflowsDb
      .updateTable('workflows.run_steps')
      .set({ status: sql.lit('waiting') })
      .where('run_id', '=', slot.runId)
      .where('step_index', '=', slot.index),

  completeWaiting: (slot: Pick<StepSlot, 'runId' | 'index'>, output: unknown) =>
    workflowsDb
      .updateTable('workflows.run_steps')
      .set({
        status: sql.lit('completed'),
        output: JSON.stringify(output ?? null),
        finished_at: sql`now()`,
      })
      .where('run_id', '=', slot.runId)
      .where('step_index', '=', slot.index)
      .where('status', '=', sql.lit('waiting')),
};

/** How a write of the worker holding a run went: written, or not (run lost, or cancel asked). */
export type HeldRunWrite = 'written' | 'lease_lost' | 'cancel_requested';

/**
 * `workflows.run_steps`. A worker's writes name the lease generation it claimed: they change
 * nothing once another worker holds the run.
 */
@Injectable()
export class RunStepRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Every step the run has recorded, by index. */
  async findRecords(runId: string): Promise<StepRecord[]> {
    return (await this.findRecordsOfRuns([runId])).get(runId) ?? [];
  }

  /** Every step each of these runs has recorded, by index (runs with none are left out). */
  async findRecordsOfRuns(runIds: readonly string[]): Promise<Map<string, StepRecord[]>> {
    if (runIds.length === 0) return new Map();
    const rows = await all(this.dataSource, runStepStatements.stepsOfRuns(runIds), {
      prepared: true,
    });
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
    runner: StatementRunner,
    slot: StepSlot,
    generation: number,
    unwritten: UnwrittenSteps = NO_UNWRITTEN_STEPS,
  ): Promise<HeldRunWrite> {
    return this.writeWhileHeld(runner, slot.runId, generation, unwritten, slot);
  }

  /** Records unwritten steps on the terms of `markRunning`. */
  recordFinished(
    runner: StatementRunner,
    runId: string,
    generation: number,
    unwritten: UnwrittenSteps,
  ): Promise<HeldRunWrite> {
    return this.writeWhileHeld(runner, runId, generation, unwritten);
  }

  private async writeWhileHeld(
    runner: StatementRunner,
    runId: string,
    generation: number,
    unwritten: UnwrittenSteps,
    next?: StepSlot,
  ): Promise<HeldRunWrite> {
    const statement = runStepStatements.writeWhileHeld(runId, generation, unwritten, next);
    const row = await first(runner, statement);
    if (!row) return 'lease_lost';
    return row.cancelRequested ? 'cancel_requested' : 'written';
  }

  /** Records how the step ended; false when the lease is lost. */
  async markFinished(
    runner: StatementRunner,
    slot: Pick<StepSlot, 'runId' | 'index'>,
    generation: number,
    outcome: { status: FinishedStepStatus; output: unknown; error: StepError | null },
  ): Promise<boolean> {
    return (
      (await first(runner, runStepStatements.markFinished(slot, generation, outcome))) !== null
    );
  }

  /** The step waits for its work packet (the caller holds the run locked). */
  markWaiting(runner: StatementRunner, slot: Pick<StepSlot, 'runId' | 'index'>): Promise<void> {
    return run(runner, runStepStatements.markWaiting(slot));
  }

  /** The waiting step completes with the work packet's result as its output. */
  async completeWaiting(
    runner: StatementRunner,
    slot: Pick<StepSlot, 'runId' | 'index'>,
    output: unknown,
  ): Promise<void> {
    return run(runner, runStepStatements.completeWaiting(slot, output));
  }
}
