import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CodeCell } from './entities/code-cell.entity';

/** `workflows.code_cells`. */
@Injectable()
export class CodeCellRepository {
  /** The number the session's next cell gets (the caller holds the session's lock). */
  async nextNumber(manager: EntityManager, sessionId: string): Promise<number> {
    const [{ next }]: { next: number }[] = await manager.query(
      `SELECT coalesce(max(cell), 0)::int + 1 AS next FROM workflows.code_cells WHERE session_id = $1`,
      [sessionId],
    );
    return next;
  }

  async insert(
    manager: EntityManager,
    cell: Pick<CodeCell, 'sessionId' | 'cell' | 'code' | 'status'>,
  ): Promise<void> {
    await manager.getRepository(CodeCell).insert(cell);
  }

  /** The code of the session's cells that ran to completion, in order: what a replay runs. */
  async listReplayable(manager: EntityManager, sessionId: string): Promise<string[]> {
    const rows: { code: string }[] = await manager.query(
      `SELECT code FROM workflows.code_cells WHERE session_id = $1 AND status = 'ok' ORDER BY cell`,
      [sessionId],
    );
    return rows.map((row) => row.code);
  }
}
