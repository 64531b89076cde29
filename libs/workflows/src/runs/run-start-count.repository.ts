import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** `workflows.run_start_counts`: the hourly start count of each workflow. */
@Injectable()
export class RunStartCountRepository {
  /**
   * A statement that counts one start of `workflowId` (`workflows.take_run_start`, migration
   * 1763850000170) and returns a row when the start fits in its hour, none when it would pass
   * `limit`; it counts only if `condition` (SQL, when given) holds, checked first. Parameters are
   * pushed onto `params`. The start takes one of the workflow's 8 counter shards that no other
   * start holds, and holds it until it commits: concurrent starts of one workflow commit side by
   * side, and wait for each other only when every shard with room is held.
   */
  countStartSql(workflowId: string, limit: number, params: unknown[], condition?: string): string {
    params.push(workflowId, limit);
    const take = `workflows.take_run_start($${params.length - 1}::uuid, $${params.length}::int)`;
    return `SELECT 1 AS counted
             WHERE ${condition ? `CASE WHEN ${condition} THEN ${take} ELSE false END` : take}`;
  }

  /** Counts one start in the caller's transaction; false (nothing counted) over `limit`. */
  async take(manager: EntityManager, workflowId: string, limit: number): Promise<boolean> {
    const params: unknown[] = [];
    const rows: unknown[] = await manager.query(
      this.countStartSql(workflowId, limit, params),
      params,
    );
    return rows.length > 0;
  }
}
