import { Injectable } from '@nestjs/common';
import { all } from '@cw/db';
import { groupBy } from '@cw/platform';
import type { DeliveryReceipt } from '@cw/workflows/reports';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import type { HookOwner } from '../registration/hook-owner';

export const deliveryReceiptsStatements = {
  /**
   * Hand-written, prepared: the reports' deliveries (a few each) are found first and then whose
   * hooks they are; left to choose, the planner went the other way whenever its statistics were
   * younger than the table, and read every delivery a subscription ever had to find these
   * (18,000 rows for 64 in the hooks benchmark).
   */
  receiptsOf: (owner: HookOwner, reportIds: readonly string[]) => sql<
    DeliveryReceipt & { report_id: string }
  >`
    WITH d AS MATERIALIZED (
      SELECT report_id, hook_id, id, state, delivered_at, created_at
        FROM hooks.deliveries WHERE report_id = ANY(${reportIds}::uuid[]))
    SELECT d.report_id, d.hook_id, d.id AS delivery_id, d.state,
           to_char(d.delivered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
             AS delivered_at
      FROM d JOIN hooks.hooks h ON h.id = d.hook_id
     WHERE h.owner_id = ${owner.personId} AND h.company_id = ${owner.companyId}
     ORDER BY d.report_id, d.created_at, d.id`,
};

/** `hooks.deliveries` as reports are read: their `delivery_receipts`. */
@Injectable()
export class DeliveryReceiptsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The deliveries of these reports to their reader's own hooks, oldest first. */
  async receiptsOf(
    owner: HookOwner,
    reportIds: readonly string[],
  ): Promise<Map<string, DeliveryReceipt[]>> {
    if (reportIds.length === 0) return new Map();
    const rows = await all(
      this.dataSource,
      deliveryReceiptsStatements.receiptsOf(owner, reportIds),
      { prepared: true },
    );
    return groupBy(
      rows,
      (row) => row.report_id,
      ({ report_id: _reportId, ...receipt }) => receipt,
    );
  }
}
