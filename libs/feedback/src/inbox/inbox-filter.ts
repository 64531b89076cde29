import type { FeedbackCategory, TriageStatus } from '../reports/feedback-statuses';

export const INBOX_SORTS = [
  'created',
  'status',
  'user',
  'company',
  'category',
  'message',
  'page',
  'id',
] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The inbox's filters, resolved: every condition here is applied in SQL before the page cut. */
export interface InboxFilter {
  statuses: readonly TriageStatus[] | null;
  categories: readonly FeedbackCategory[] | null;
  /** Each set narrows the reports to its companies (an empty set matches nothing). */
  companySets: readonly (readonly string[])[];
  /** A prefix of the page path. */
  page: string | null;
  /** Lowercase text found anywhere in message, submitter, company, page path or report id. */
  search: string | null;
  createdAfter: Date | null;
  createdBefore: Date | null;
  hasPr: boolean | null;
}

export interface InboxOrder {
  sort: InboxSort;
  direction: SortDirection;
}
