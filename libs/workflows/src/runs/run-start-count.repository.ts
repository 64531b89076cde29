import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** `workflows.run_start_counts`: the hourly start count of each workflow. */
@Injectable()
export class RunStartCountRepository {
  /**
   * A data-modifying statement over `workflows.run_start_counts` that counts one start of
   * `workflowId` and returns a row when the start fits in its hour, none when it would pass
   * `limit`; it counts only if `condition` (SQL, when given) holds. Parameters are pushed onto
   * `params`. The counter row is taken with `INSERT … ON CONFLICT DO UPDATE`, which locks it until
   * the start commits. A start whose transaction began in the hour before, committing after the
   * first start of the new hour, counts in the new hour (GREATEST) instead of resetting it.
   */
  countStartSql(workflowId: string, limit: number, params: unknown[], condition?: string): string {
    params.push(workflowId, limit);
    const workflow = `$${params.length - 1}::uuid`;
    const max = `$${params.length}::int`;
    return `INSERT INTO workflows.run_start_counts AS c (workflow_id, window_start, starts)
          SELECT ${workflow}, date_trunc('hour', now() AT TIME ZONE 'UTC'), 1
           ${condition ? `WHERE ${condition}` : ''}
          ON CONFLICT (workflow_id) DO UPDATE
             SET window_start = GREATEST(c.window_start, EXCLUDED.window_start),
                 starts = CASE WHEN EXCLUDED.window_start > c.window_start THEN 1
                               ELSE c.starts + 1 END
           WHERE EXCLUDED.window_start > c.window_start OR c.starts < ${max}
          RETURNING c.workflow_id`;
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
