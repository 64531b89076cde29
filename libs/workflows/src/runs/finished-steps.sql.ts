import type { RowsWrite } from '@cw/queue';
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { StepError } from './run-status';

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
 * An `INSERT` of the finished `records` for the run `runId` (an expression over `source`), once
 * for the row of `source` (the relation that says the run may still be written) that meets
 * `condition`. Hand-written, as every statement that writes steps beside a run's write: one
 * `jsonb_to_recordset` for all the records, inside the run's own statement.
 */
export function insertFinishedStepsSql(
  source: 'held' | 'written',
  condition: RawBuilder<boolean>,
  runId: Expression<string>,
  records: readonly FinishedStepRecord[],
): RawBuilder<unknown> {
  return sql`INSERT INTO workflows.run_steps
            (run_id, step_index, step_id, block, status, output, error, started_at, finished_at)
          SELECT ${runId}, r.step_index, r.step_id, r.block, r.status, r.output, r.error,
                 now() - r.started_ago_ms * interval '1 millisecond',
                 now() - r.finished_ago_ms * interval '1 millisecond'
            FROM ${sql.id(source)},
                 jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS r(
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
 * `write` (a write returning a run's `id` and `status`, for `OutboxWriter.appendForRows`) that
 * also records the unwritten steps of the run, in the same statement, if it wrote the run (the
 * instant ones only if it did not end it cancelled).
 */
export function withFinishedSteps<Row extends { id: string; status: string }>(
  write: RowsWrite<Row>,
  unwritten: UnwrittenSteps,
): RowsWrite<Row> {
  const alongside = [...(write.alongside ?? [])];
  const add = (records: readonly FinishedStepRecord[], condition: RawBuilder<boolean>) => {
    if (records.length === 0) return;
    alongside.push(insertFinishedStepsSql('written', condition, sql.ref('written.id'), records));
  };
  add(unwritten.effectful, sql<boolean>`true`);
  add(unwritten.instant, sql<boolean>`written.status <> 'cancelled'`);
  return { ...write, alongside };
}
