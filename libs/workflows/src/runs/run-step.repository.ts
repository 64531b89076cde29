import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { groupBy } from '@cw/platform';
import type { EntityManager, Repository } from 'typeorm';
import { RunStep } from './entities/run-step.entity';
import type { StepError, StepRecord } from './run-status';

export interface StepSlot {
  runId: string;
  index: number;
  stepId: string;
  block: string;
}

export type FinishedStepStatus = 'completed' | 'failed';

/** How marking a step `running` went: marked, or not (the run was lost, or asked to cancel). */
export type MarkRunningResult = 'marked' | 'lease_lost' | 'cancel_requested';

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
    const rows: (StepRecord & { run_id: string })[] = await this.steps.query(
      `SELECT run_id, step_index AS "index", step_id AS "id", block, status, output, error,
              started_at, finished_at
         FROM workflows.run_steps WHERE run_id = ANY($1::uuid[])
        ORDER BY run_id, step_index`,
      [runIds],
    );
    return groupBy(
      rows,
      (row) => row.run_id,
      ({ run_id: _runId, ...record }) => record,
    );
  }

  /**
   * Records the step as `running` (again, when a worker died in it) while the worker still holds
   * the run and no cancel was asked for. The run's row is share-locked for it, so a cancel in
   * progress (which locks the run to see whether a step runs) is waited for, never raced.
   */
  async markRunning(
    manager: EntityManager,
    slot: StepSlot,
    generation: number,
  ): Promise<MarkRunningResult> {
    // The insert runs whether or not the outer query reads it (a data-modifying WITH always does).
    const [row]: { cancelRequested: boolean }[] = await manager.query(
      `WITH held AS (
         SELECT cancel_requested FROM workflows.runs
          WHERE id = $1 AND lease_generation = $5 AND status = 'running'
            FOR SHARE),
       marked AS (
         INSERT INTO workflows.run_steps (run_id, step_index, step_id, block, status, started_at)
         SELECT $1, $2, $3, $4, 'running', now() FROM held WHERE NOT held.cancel_requested
         ON CONFLICT (run_id, step_index) DO UPDATE
            SET status = 'running', output = NULL, error = NULL, started_at = now(),
                finished_at = NULL
         RETURNING step_index)
       SELECT cancel_requested AS "cancelRequested" FROM held`,
      [slot.runId, slot.index, slot.stepId, slot.block, generation],
    );
    if (!row) return 'lease_lost';
    return row.cancelRequested ? 'cancel_requested' : 'marked';
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
