import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { WorkflowReaderIdentity } from '../access/workflow-visibility.sql';
import { readableRunsSql } from './run-readability.sql';
import type { RunStatus } from './run-status';

export interface ReportListItem {
  id: string;
  status: RunStatus;
  workflow_name: string;
  created_at: Date;
  completed_at: Date | null;
}

export interface ReportListFilter {
  status?: RunStatus;
  workflowId?: string;
}

/** `workflows.runs` listed as reports: the pages of `GET /api/reports`. */
@Injectable()
export class RunListingRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One page of the reports the reader may read, newest first, and how many there are in all. */
  async listReadable(
    reader: WorkflowReaderIdentity,
    filter: ReportListFilter,
    page: { limit: number; offset: number },
  ): Promise<{ reports: ReportListItem[]; total: number }> {
    const params: unknown[] = [];
    let where = readableRunsSql('r', 'w', reader, params);
    if (filter.status) {
      params.push(filter.status);
      where += ` AND r.status = $${params.length}`;
    }
    if (filter.workflowId) {
      params.push(filter.workflowId);
      where += ` AND r.workflow_id = $${params.length}`;
    }
    const from = `FROM workflows.runs r JOIN workflows.workflows w ON w.id = r.workflow_id`;
    const filterParams = [...params];
    params.push(page.limit, page.offset);
    const rows: (ReportListItem & { total: number })[] = await this.dataSource.query(
      `SELECT r.id, r.status, w.name AS workflow_name, r.created_at, r.completed_at,
              count(*) OVER ()::int AS total
         ${from} WHERE ${where}
        ORDER BY r.created_at DESC, r.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const reports = rows.map(({ total: _total, ...report }) => report);
    if (rows.length > 0 || page.offset === 0) return { reports, total: rows[0]?.total ?? 0 };
    // A page past the end has no row to carry the count.
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total ${from} WHERE ${where}`,
      filterParams,
    );
    return { reports, total };
  }
}
