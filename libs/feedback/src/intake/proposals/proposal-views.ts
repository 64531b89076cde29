import type { FeedbackProposalView, FeedbackReportView } from '../../reports/feedback-report-view';

export interface PendingProposalsView {
  reports: FeedbackReportView[];
  next_after: string | null;
}

export interface ProposalSearchView {
  reports: FeedbackReportView[];
  total: number;
  offset: number;
  limit: number;
}

export interface StoredProposalView {
  feedback_id: string;
  proposal: FeedbackProposalView;
}
