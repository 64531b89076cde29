import { Injectable } from '@nestjs/common';
import { first, type StatementRunner } from '@cw/db';
import { type Expression, type SqlBool, sql } from 'kysely';

export const runStartCountStatements = {
  /**
   * Counts one start of `workflowId` (`workflows.take_run_start`, migration 1763850000170) and
   * returns a row when the start fits in its hour, none when it would pass `limit`; it counts
   * only if `condition` (when given) holds, checked first. Hand-written: the function call
   * under a `CASE`, so that nothing is counted unless the condition holds.
   */
  countStart: (workflowId: string, limit: number, condition?: Expression<SqlBool>) => {
    const take = sql<boolean>`workflows.take_run_start(${workflowId}::uuid, ${limit}::int)`;
    const counts = condition ? sql`CASE WHEN ${condition} THEN ${take} ELSE false END` : take;
    return sql<{ counted: number }>`SELECT 1 AS counted WHERE ${counts}`;
  },
};

/** `workflows.run_start_counts`: the hourly start count of each workflow. */
@Injectable()
export class RunStartCountRepository {
  /**
   * The statement that counts one start (`runStartCountStatements.countStart`), to run before a
   * start's insert in the same statement. The start takes one of the workflow's 8 counter shards
   * that no other start holds, and holds it until it commits: concurrent starts of one workflow
   * commit side by side, and wait for each other only when every shard with room is held.
   */
  countStartSql(workflowId: string, limit: number, condition?: Expression<SqlBool>) {
    return runStartCountStatements.countStart(workflowId, limit, condition);
  }

  /** Counts one start in the caller's transaction; false (nothing counted) over `limit`. */
  async take(runner: StatementRunner, workflowId: string, limit: number): Promise<boolean> {
    return (await first(runner, runStartCountStatements.countStart(workflowId, limit))) !== null;
  }
}
