import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TriageStatus } from '../reports/feedback-statuses';
import { REPORT_VIEW_COLUMNS, type ReportRow } from '../reports/report-view.repository';
import type { InboxFilter, InboxOrder } from './inbox-filter';
import { inboxOrderBy, inboxWhere } from './inbox-filter.sql';

export interface InboxPage {
  /** The page's reports, in order. */
  rows: ReportRow[];
  total: number;
}

export interface InboxIdRow {
  id: string;
  status: TriageStatus;
}

/** The inbox's filtered, sorted reads of `feedback.reports`: filters and order all in SQL. */
@Injectable()
export class InboxQueryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One page of reports in order (their view columns), and how many reports match in all. */
  async page(
    filter: InboxFilter,
    order: InboxOrder,
    limit: number,
    offset: number,
  ): Promise<InboxPage> {
    const { where, params } = inboxWhere(filter);
    const count = params.length;
    // One scan answers both: the window counts every matching row before the page is cut.
    const rows = await this.dataSource.query<(ReportRow & { total: number })[]>(
      `SELECT ${REPORT_VIEW_COLUMNS}, count(*) OVER ()::int AS total
         FROM feedback.reports WHERE ${where}
        ORDER BY ${inboxOrderBy(order)} LIMIT $${count + 1} OFFSET $${count + 2}`,
      [...params, limit, offset],
    );
    if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
    // A page past the end has no row to carry the count.
    const [{ total }] = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS total FROM feedback.reports WHERE ${where}`,
      params,
    );
    return { rows: [], total };
  }

  /** Every matching report's id and status, in order. */
  ids(filter: InboxFilter, order: InboxOrder): Promise<InboxIdRow[]> {
    const { where, params } = inboxWhere(filter);
    return this.dataSource.query<InboxIdRow[]>(
      `SELECT id, status FROM feedback.reports WHERE ${where} ORDER BY ${inboxOrderBy(order)}`,
      params,
    );
  }
}
