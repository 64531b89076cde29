import type { ApiTagDefinition } from '@cw/platform';

export const FEEDBACK_INBOX_API_TAG: ApiTagDefinition = {
  name: 'feedback',
  description:
    'In-app feedback: any signed-in person files a report with private evidence; operators ' +
    '(scope `operator:all` and a live `feedback.view` grant) read, filter and triage the inbox.',
};

export const FEEDBACK_INTAKE_API_TAG: ApiTagDefinition = {
  name: 'feedback-intake',
  description:
    'Internal routes of the intake and proposal agents (header `x-internal-token`): claim a ' +
    'lease on the oldest approved report, plan, start, and report the result; find duplicates ' +
    'and store proposals. docs/feedback.md walks through the sequence with curl.',
};

export const CONTACT_API_TAG: ApiTagDefinition = {
  name: 'contact',
  description:
    'The website contact form (no sign-in) and the external repository webhook that links pull requests to reports.',
};

export const FEEDBACK_ID_PARAM = {
  name: 'feedback_id',
  format: 'uuid',
  description: 'The feedback report’s id.',
};

export const ATTACHMENT_ID_PARAM = {
  name: 'feedback_attachment_id',
  format: 'uuid',
  description: 'The evidence file’s id.',
};
