import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TriageStatus } from '../reports/feedback-statuses';
import type { InboxFilter, InboxOrder } from './inbox-filter';
import { inboxOrderBy, inboxWhere } from './inbox-filter.sql';

export interface InboxPage {
  ids: string[];
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

  /** One page of report ids in order, and how many reports match in all. */
  async page(
    filter: InboxFilter,
    order: InboxOrder,
    limit: number,
    offset: number,
  ): Promise<InboxPage> {
    const { where, params } = inboxWhere(filter);
    const count = params.length;
    // One scan answers both: the window counts every matching row before the page is cut.
    const rows = await this.dataSource.query<{ id: string; total: number }[]>(
      `SELECT id, count(*) OVER ()::int AS total FROM feedback.reports WHERE ${where}
        ORDER BY ${inboxOrderBy(order)} LIMIT $${count + 1} OFFSET $${count + 2}`,
      [...params, limit, offset],
    );
    if (rows.length > 0 || offset === 0) {
      return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
    }
    // A page past the end has no row to carry the count.
    const [{ total }] = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS total FROM feedback.reports WHERE ${where}`,
      params,
    );
    return { ids: [], total };
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
