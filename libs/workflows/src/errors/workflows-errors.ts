import { AppError, defineDomainErrors, type RefusalStatus } from '@cw/platform';

/** The workflows context's refusal codes and their statuses. Clients branch on them: never rename one. */
export const WORKFLOWS_ERROR_STATUS = {
  /** A run_request_id was reused with another workflow, other inputs or another title. */
  WORKFLOW_RUN_REQUEST_CONFLICT: 409,
  /** The workflow is archived or deleted (or, for a webhook link, not active). */
  WORKFLOW_NOT_STARTABLE: 409,
  /** An exact retry of a start whose run was removed for good. */
  RUN_REMOVED: 410,
  /** An authoring_request_id was reused with another request. */
  AUTHORING_REQUEST_CONFLICT: 409,
  /** The run is not in a state that allows the action (cancel, work packet). */
  RUN_STATE_CONFLICT: 409,
  /**
   * The webhook trigger's answer when the per-workflow hourly start limit is reached (the spec
   * fixes 409 there; REST starts answer the platform's 429 RATE_LIMITED with Retry-After).
   */
  RUN_START_LIMIT_REACHED: 409,
  /** The workflow already has a webhook link: rotate it to get a new token. */
  WEBHOOK_LINK_EXISTS: 409,
  /** The company holds as many workflows (not deleted) as allowed; delete one first. */
  WORKFLOW_LIMIT_REACHED: 409,
} as const satisfies Record<string, RefusalStatus>;

export type WorkflowsErrorCode = keyof typeof WORKFLOWS_ERROR_STATUS;

export const workflowsError = defineDomainErrors<WorkflowsErrorCode>(WORKFLOWS_ERROR_STATUS);

/** The 404 of a workflow the actor may not see, as if it did not exist. */
export function noVisibleWorkflow(): AppError {
  return AppError.notFound('No workflow with that id is visible to you.');
}

export function workflowLimitReached(limit: number): AppError {
  return workflowsError(
    'WORKFLOW_LIMIT_REACHED',
    `Your company holds ${limit} workflows, the most allowed (WORKFLOWS_PER_COMPANY); delete one first.`,
    { details: { limit } },
  );
}

/** A start refused for the workflow's status; `reason` says what the path starts. */
export function workflowNotStartable(status: string, reason: string): AppError {
  return workflowsError('WORKFLOW_NOT_STARTABLE', `This workflow is ${status}; ${reason}`, {
    details: { workflow_status: status },
  });
}
