import { Injectable } from '@nestjs/common';
import { all, camelColumnList } from '@cw/db';
import { groupBy } from '@cw/platform';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { HOOK_COLUMNS, type HookRecord } from './hook.repository';

/** What a finished report is matched against. */
export interface FinishedReport {
  reportId: string;
  companyId: string;
  workflowId: string;
  status: string;
  /** Leaves out subscriptions registered after this (a report found late by the sweep). */
  subscribedBy?: Date;
}

const HOOK_WITH_KEY = sql`${camelColumnList('h', HOOK_COLUMNS)}, k.id AS "signingKeyId"`;

export const hookMatchingStatements = {
  /**
   * Hand-written: each report's callbacks and its company's subscriptions as two arms of one
   * UNION ALL, so each arm goes by its own partial index.
   */
  findMatching: (reports: readonly FinishedReport[]) => sql<
    HookRecord & { matchedReportId: string }
  >`
    WITH finished AS (
      SELECT * FROM unnest(${reports.map((report) => report.reportId)}::uuid[],
                           ${reports.map((report) => report.companyId)}::uuid[],
                           ${reports.map((report) => report.workflowId)}::uuid[],
                           ${reports.map((report) => report.status)}::text[],
                           ${reports.map((report) => report.subscribedBy ?? null)}::timestamptz[])
                 AS f (report_id, company_id, workflow_id, status, subscribed_by))
    SELECT f.report_id AS "matchedReportId", ${HOOK_WITH_KEY}
      FROM finished f
      JOIN hooks.hooks h ON h.kind = 'callback' AND h.report_id = f.report_id
                        AND h.state = 'live'
      LEFT JOIN hooks.signing_keys k ON k.hook_id = h.id
    UNION ALL
    SELECT f.report_id, ${HOOK_WITH_KEY}
      FROM finished f
      JOIN hooks.hooks h ON h.kind = 'subscription' AND h.state = 'live'
                        AND h.company_id = f.company_id
                        AND (h.workflow_id IS NULL OR h.workflow_id = f.workflow_id)
                        AND (h.statuses IS NULL OR f.status = ANY (h.statuses))
                        AND (f.subscribed_by IS NULL OR h.created_at <= f.subscribed_by)
      LEFT JOIN hooks.signing_keys k ON k.hook_id = h.id`,
};

/** `hooks.hooks` for fan-out: which live hooks a finished report goes to. */
@Injectable()
export class HookMatchingRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The live hooks each finished report goes to, by report id: callbacks registered on it, and
   * subscriptions of its company whose workflow and status filters let it through. One
   * statement for many reports.
   */
  async findMatching(reports: readonly FinishedReport[]): Promise<Map<string, HookRecord[]>> {
    const rows = await all(this.dataSource, hookMatchingStatements.findMatching(reports));
    return groupBy(
      rows,
      (row) => row.matchedReportId,
      ({ matchedReportId: _reportId, ...hook }) => hook,
    );
  }
}
