import type { IntakeOutcome, TriageStatus } from '../../reports/feedback-statuses';
import type { FeedbackReportView } from '../../reports/feedback-report-view';

/** A claim that got a report: the lease token is shown in this answer only. */
export interface ClaimedLeaseView {
  feedback: FeedbackReportView;
  lease_token: string;
  lease_expires_at: string;
}

export interface EmptyQueueView {
  feedback: null;
  queue: 'empty';
}

export type ClaimView = ClaimedLeaseView | EmptyQueueView;

export interface PlanRecordedView {
  feedback_id: string;
  plan_updated_at: string;
  lease_expires_at: string;
}

export interface LeaseRenewedView {
  feedback_id: string;
  lease_expires_at: string;
}

export interface StartedView {
  feedback_id: string;
  started_at: string;
  lease_expires_at: string;
}

export interface IntakeResultView {
  feedback_id: string;
  outcome: IntakeOutcome;
  status: TriageStatus;
  pull_request_url: string | null;
  note: string | null;
}
