import { Injectable } from '@nestjs/common';
import { all, type CamelRow, first, rawQuery, type StatementRunner } from '@cw/db';
import type { CompiledQuery } from 'kysely';
import { DataSource } from 'typeorm';
import type { FeedbackReports } from '../feedback-schema';
import {
  REPORT_SOURCE_COLUMNS,
  type ReportRow,
  reportViewColumns,
} from '../reports/report-view.repository';
import { withSearchDeadline } from '../reports/search-deadline';
import type { InboxFilter, InboxOrder } from './inbox-filter';
import { inboxOrderBy, inboxWhere, searchPattern } from './inbox-filter.sql';

export interface InboxPage {
  /** The page's reports in order, with their attachments. */
  rows: ReportRow[];
  total: number;
}

export type InboxIdRow = CamelRow<FeedbackReports, 'id' | 'status'>;

type PageRow = ReportRow & { total: number };

/**
 * Without a search term the page is read in its order and stops at the page's end (the
 * unfiltered inbox reads 100 rows of 200,000); the count is a statement of its own inside the
 * same one (an index-only or bitmap count), so it does not take the page's LIMIT away.
 */
function pageInIndexOrder(
  filter: InboxFilter,
  order: InboxOrder,
  limit: number,
  offset: number,
): CompiledQuery<PageRow> {
  const { where, params } = inboxWhere(filter);
  const count = params.length;
  return rawQuery<PageRow>(
    `SELECT ${reportViewColumns('reports')},
                 (SELECT count(*)::int FROM feedback.reports WHERE ${where}) AS total
            FROM feedback.reports WHERE ${where}
           ORDER BY ${inboxOrderBy(order)} LIMIT $${count + 1} OFFSET $${count + 2}`,
    [...params, limit, offset],
  );
}

/**
 * With a search term, the term's matches are read first through the trigram index alone, and
 * the other filters, the count and the page applied to them. PostgreSQL cannot estimate how many
 * rows a `LIKE '%term%'` matches; left to choose, it sometimes walks the whole table in date
 * order hoping to meet a page of matches early (100 ms for a rare term whose matches take 1 ms
 * to read), or intersects the term's matches with a status index (15 ms).
 */
function pageOfSearchMatches(
  filter: InboxFilter,
  search: string,
  order: InboxOrder,
  limit: number,
  offset: number,
): CompiledQuery<PageRow> {
  const { where, params } = inboxWhere({ ...filter, search: null });
  const count = params.length;
  return rawQuery<PageRow>(
    `WITH matches AS MATERIALIZED (
            SELECT ${REPORT_SOURCE_COLUMNS} FROM feedback.reports
             WHERE search_text LIKE $${count + 1})
          SELECT ${reportViewColumns('matches')}, count(*) OVER ()::int AS total
            FROM matches WHERE ${where}
           ORDER BY ${inboxOrderBy(order)} LIMIT $${count + 2} OFFSET $${count + 3}`,
    [...params, searchPattern(search), limit, offset],
  );
}

/**
 * The inbox's statements are hand-written: the filter's WHERE text (`inbox-filter.sql.ts`) is
 * shared by the page, its count and the id list, and the search reads its matches first in a
 * MATERIALIZED CTE (see `pageOfSearchMatches`).
 */
export const inboxQueryStatements = {
  ids: (filter: InboxFilter, order: InboxOrder) => {
    const { where, params } = inboxWhere(filter);
    return rawQuery<InboxIdRow>(
      `SELECT id, status FROM feedback.reports WHERE ${where} ORDER BY ${inboxOrderBy(order)}`,
      params,
    );
  },
  pageInIndexOrder,
  pageOfSearchMatches,
  total: (filter: InboxFilter) => {
    const { where, params } = inboxWhere(filter);
    return rawQuery<{ total: number }>(
      `SELECT count(*)::int AS total FROM feedback.reports WHERE ${where}`,
      params,
    );
  },
};

/** The inbox's filtered, sorted reads of `feedback.reports`: filters and order all in SQL. */
@Injectable()
export class InboxQueryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One page of reports in order (their view columns), and how many reports match in all. With a
   * search term, within the search deadline (`search-deadline.ts`).
   */
  page(filter: InboxFilter, order: InboxOrder, limit: number, offset: number): Promise<InboxPage> {
    if (filter.search === null) {
      return this.pageWith(this.dataSource, filter, order, limit, offset);
    }
    return withSearchDeadline(this.dataSource, (manager) =>
      this.pageWith(manager, filter, order, limit, offset),
    );
  }

  /** Every matching report's id and status, in order. */
  ids(filter: InboxFilter, order: InboxOrder): Promise<InboxIdRow[]> {
    const statement = inboxQueryStatements.ids(filter, order);
    if (filter.search === null) return all(this.dataSource, statement);
    return withSearchDeadline(this.dataSource, (manager) => all(manager, statement));
  }

  private async pageWith(
    runner: StatementRunner,
    filter: InboxFilter,
    order: InboxOrder,
    limit: number,
    offset: number,
  ): Promise<InboxPage> {
    const page =
      filter.search === null
        ? inboxQueryStatements.pageInIndexOrder(filter, order, limit, offset)
        : inboxQueryStatements.pageOfSearchMatches(filter, filter.search, order, limit, offset);
    const rows = await all(runner, page);
    if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
    // A page past the end has no row to carry the count.
    const counted = await first(runner, inboxQueryStatements.total(filter));
    return { rows: [], total: counted?.total ?? 0 };
  }
}
