import type { InboxFilter, InboxOrder, InboxSort } from './inbox-filter';

/** The column each sort orders by; the id always breaks ties, in the same direction. */
const SORT_COLUMN: Readonly<Record<InboxSort, string>> = {
  created: 'created_at',
  status: 'status',
  user: 'submitter_name',
  company: 'company_name',
  category: 'category',
  message: 'message',
  page: 'page_path',
  id: 'id',
};

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The LIKE pattern of a search: the text anywhere in `search_text`. */
export function searchPattern(search: string): string {
  return `%${escapeLike(search)}%`;
}

export interface SqlCondition {
  where: string;
  params: unknown[];
}

/** The WHERE clause of `filter` over `feedback.reports`, with its parameters ($1…). */
export function inboxWhere(filter: InboxFilter): SqlCondition {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.statuses) conditions.push(`status = ANY(${param(filter.statuses)}::text[])`);
  if (filter.categories) conditions.push(`category = ANY(${param(filter.categories)}::text[])`);
  for (const companies of filter.companySets) {
    conditions.push(`company_id = ANY(${param(companies)}::uuid[])`);
  }
  if (filter.page !== null) {
    conditions.push(`page_path LIKE ${param(`${escapeLike(filter.page)}%`)}`);
  }
  if (filter.search !== null) {
    conditions.push(`search_text LIKE ${param(searchPattern(filter.search))}`);
  }
  if (filter.createdAfter) conditions.push(`created_at >= ${param(filter.createdAfter)}`);
  if (filter.createdBefore) conditions.push(`created_at < ${param(filter.createdBefore)}`);
  if (filter.hasPr !== null) conditions.push(`has_pr = ${param(filter.hasPr)}`);
  return { where: conditions.length > 0 ? conditions.join(' AND ') : 'true', params };
}

export function inboxOrderBy(order: InboxOrder): string {
  const direction = order.direction === 'asc' ? 'ASC' : 'DESC';
  const column = SORT_COLUMN[order.sort];
  return column === 'id' ? `id ${direction}` : `${column} ${direction}, id ${direction}`;
}
