import type { TriageStatus } from '../../reports/feedback-statuses';

/** `applied`: the report changed; `unchanged`: it already was so (a redelivery); `ignored`. */
export type WebhookOutcome = 'applied' | 'unchanged' | 'ignored';

export interface GithubWebhookView {
  outcome: WebhookOutcome;
  feedback_id: string | null;
  status: TriageStatus | null;
  reason: string;
}
