/** Triage statuses of a feedback report (contracts.md, "Feedback, intake, proposals, contact"). */
export const TRIAGE_STATUSES = [
  'new',
  'approved',
  'in_progress',
  'pr_open',
  'closed',
  'handed_back',
  'rejected',
] as const;
export type TriageStatus = (typeof TRIAGE_STATUSES)[number];

export const FEEDBACK_CATEGORIES = ['bug', 'idea', 'question', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** How an intake session ends its lease. */
export const INTAKE_OUTCOMES = ['pull_request', 'closed', 'handed_back'] as const;
export type IntakeOutcome = (typeof INTAKE_OUTCOMES)[number];

/** The status each intake outcome leaves the report in. */
export const STATUS_AFTER_OUTCOME: Record<IntakeOutcome, TriageStatus> = {
  pull_request: 'pr_open',
  closed: 'closed',
  handed_back: 'handed_back',
};
