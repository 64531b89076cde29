import { Injectable } from '@nestjs/common';
import { all, first } from '@cw/db';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import type { WorkflowReaderIdentity } from '../access/workflow-visibility.sql';
import { workflowsDb } from '../workflows-schema';
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

const readableRuns = (reader: WorkflowReaderIdentity, filter: ReportListFilter) =>
  workflowsDb
    .selectFrom('workflows.runs as r')
    .innerJoin('workflows.workflows as w', 'w.id', 'r.workflow_id')
    .where(readableRunsSql('r', 'w', reader))
    .$if(filter.status !== undefined, (query) => query.where('r.status', '=', filter.status!))
    .$if(filter.workflowId !== undefined, (query) =>
      query.where('r.workflow_id', '=', filter.workflowId!),
    );

export const runListingStatements = {
  /** A page, newest first, each row with the count of all (`count(*) OVER ()`). */
  listReadable: (
    reader: WorkflowReaderIdentity,
    filter: ReportListFilter,
    page: { limit: number; offset: number },
  ) =>
    readableRuns(reader, filter)
      .select([
        'r.id',
        'r.status',
        'w.name as workflow_name',
        'r.created_at',
        'r.completed_at',
        sql<number>`count(*) OVER ()::int`.as('total'),
      ])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(page.limit)
      .offset(page.offset),

  countReadable: (reader: WorkflowReaderIdentity, filter: ReportListFilter) =>
    readableRuns(reader, filter).select(sql<number>`count(*)::int`.as('total')),
};

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
    const rows = await all(
      this.dataSource,
      runListingStatements.listReadable(reader, filter, page),
    );
    const reports = rows.map(({ total: _total, ...report }) => report);
    if (rows.length > 0 || page.offset === 0) return { reports, total: rows[0]?.total ?? 0 };
    // A page past the end has no row to carry the count.
    const counted = await first(
      this.dataSource,
      runListingStatements.countReadable(reader, filter),
    );
    return { reports, total: counted?.total ?? 0 };
  }
}
