import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** `workflows.company_counters`. */
@Injectable()
export class CompanyCounterRepository {
  /**
   * The company's next workflow display number. The upsert takes the counter row's lock until
   * the caller's transaction ends, so concurrent creations get consecutive numbers, never one twice.
   */
  async nextWorkflowNumber(manager: EntityManager, companyId: string): Promise<number> {
    const [row]: { last_workflow_number: number }[] = await manager.query(
      `INSERT INTO workflows.company_counters AS c (company_id, last_workflow_number) VALUES ($1, 1)
       ON CONFLICT (company_id) DO UPDATE SET last_workflow_number = c.last_workflow_number + 1
       RETURNING last_workflow_number`,
      [companyId],
    );
    return row.last_workflow_number;
  }

  /** The company's workflows that are not deleted (an index-only count). */
  async countLiveWorkflows(manager: EntityManager, companyId: string): Promise<number> {
    const [row]: { live: number }[] = await manager.query(
      `SELECT count(*)::int AS live FROM workflows.workflows
        WHERE company_id = $1 AND status <> 'deleted'`,
      [companyId],
    );
    return row.live;
  }
}
