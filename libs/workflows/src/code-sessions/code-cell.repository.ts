import { Injectable } from '@nestjs/common';
import { all, first, run, type StatementRunner } from '@cw/db';
import { sql } from 'kysely';
import { type CodeCell, workflowsDb } from '../workflows-schema';

export type NewCodeCell = Pick<CodeCell, 'sessionId' | 'cell' | 'code' | 'status'>;

export const codeCellStatements = {
  nextNumber: (sessionId: string) =>
    workflowsDb
      .selectFrom('workflows.code_cells')
      .select(sql<number>`coalesce(max(cell), 0)::int + 1`.as('next'))
      .where('session_id', '=', sessionId),

  insert: (cell: NewCodeCell) =>
    workflowsDb.insertInto('workflows.code_cells').values({
      session_id: cell.sessionId,
      cell: cell.cell,
      code: cell.code,
      status: cell.status,
    }),

  listReplayable: (sessionId: string) =>
    workflowsDb
      .selectFrom('workflows.code_cells')
      .select('code')
      .where('session_id', '=', sessionId)
      .where('status', '=', sql.lit('ok'))
      .orderBy('cell'),
};

/** `workflows.code_cells`. */
@Injectable()
export class CodeCellRepository {
  /** The number the session's next cell gets (the caller holds the session's lock). */
  async nextNumber(runner: StatementRunner, sessionId: string): Promise<number> {
    return (await first(runner, codeCellStatements.nextNumber(sessionId)))?.next ?? 1;
  }

  insert(runner: StatementRunner, cell: NewCodeCell): Promise<void> {
    return run(runner, codeCellStatements.insert(cell));
  }

  /** The code of the session's cells that ran to completion, in order: what a replay runs. */
  async listReplayable(runner: StatementRunner, sessionId: string): Promise<string[]> {
    const rows = await all(runner, codeCellStatements.listReplayable(sessionId));
    return rows.map((row) => row.code);
  }
}
