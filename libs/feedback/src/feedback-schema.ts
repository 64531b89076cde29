import {
  type FeedbackAttachments,
  type FeedbackReports,
  type FeedbackTables,
  queryBuilder,
} from '@cw/db';

/**
 * Builds the statements of schema `feedback` (its tables only; the types are generated from the
 * migrations, see libs/db/src/typed/generated/feedback.ts). Run them with `all`/`first`/`run`.
 */
export const feedbackDb = queryBuilder<FeedbackTables>();

export type { FeedbackAttachments, FeedbackReports };
