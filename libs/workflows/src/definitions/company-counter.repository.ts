import { Injectable } from '@nestjs/common';
import { first, type StatementRunner } from '@cw/db';
import { sql } from 'kysely';
import { workflowsDb } from '../workflows-schema';

export const companyCounterStatements = {
  nextWorkflowNumber: (companyId: string) =>
    workflowsDb
      .insertInto('workflows.company_counters')
      .values({ company_id: companyId, last_workflow_number: sql.lit(1) })
      .onConflict((conflict) =>
        conflict.column('company_id').doUpdateSet({
          last_workflow_number: sql`workflows.company_counters.last_workflow_number + 1`,
        }),
      )
      .returning('last_workflow_number as lastWorkflowNumber'),

  /** An index-only count. */
  countLiveWorkflows: (companyId: string) =>
    workflowsDb
      .selectFrom('workflows.workflows')
      .select(sql<number>`count(*)::int`.as('live'))
      .where('company_id', '=', companyId)
      .where('status', '<>', sql.lit('deleted')),
};

/** `workflows.company_counters`. */
@Injectable()
export class CompanyCounterRepository {
  /**
   * The company's next workflow display number. The upsert takes the counter row's lock until
   * the caller's transaction ends, so concurrent creations get consecutive numbers, never one twice.
   */
  async nextWorkflowNumber(runner: StatementRunner, companyId: string): Promise<number> {
    const row = await first(runner, companyCounterStatements.nextWorkflowNumber(companyId));
    return row!.lastWorkflowNumber;
  }

  /** The company's workflows that are not deleted (an index-only count). */
  async countLiveWorkflows(runner: StatementRunner, companyId: string): Promise<number> {
    const row = await first(runner, companyCounterStatements.countLiveWorkflows(companyId));
    return row?.live ?? 0;
  }
}
