import {
  type CamelRow,
  queryBuilder,
  WORKFLOWS_AUTHORING_OPERATIONS_STATUS,
  type WORKFLOWS_CODE_SESSIONS_LANGUAGE,
  type WORKFLOWS_RUNS_TRIGGER,
  WORKFLOWS_WORKFLOWS_STATUS,
  WORKFLOWS_WORKFLOWS_VISIBILITY,
  type WorkflowsAuthoringOperations,
  type WorkflowsCodeCells,
  type WorkflowsCodeSessions,
  type WorkflowsRunRequests,
  type WorkflowsRuns,
  type WorkflowsTables,
  type WorkflowsWebhookLinks,
  type WorkflowsWorkflows,
} from '@cw/db';
import type { WorkflowDefinition, WorkflowInput } from './definitions/workflow-definition';
import type { StepError } from './runs/run-status';
import type { Schedule } from './schedules/schedule';

/**
 * Builds the statements of schema `workflows` (its tables only; the types are generated from the
 * migrations, see libs/db/src/typed/generated/workflows.ts). Run them with `all`/`first`/`run`.
 */
export const workflowsDb = queryBuilder<WorkflowsTables>();

/** A row whose `jsonb` columns are read as the shapes the context writes into them. */
type Shaped<Row, Shapes> = Omit<Row, keyof Shapes> & Shapes;

export const WORKFLOW_STATUSES = WORKFLOWS_WORKFLOWS_STATUS;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

export const WORKFLOW_VISIBILITIES = WORKFLOWS_WORKFLOWS_VISIBILITY;
export type WorkflowVisibility = (typeof WORKFLOW_VISIBILITIES)[number];

/** Where `output.create_page` makes every run write its report. */
export interface OutputPage {
  path: string;
  title: string;
}

/** The columns of a workflow record, as the migration names them. */
export const WORKFLOW_COLUMNS = [
  'id',
  'company_id',
  'number',
  'name',
  'status',
  'visibility',
  'team_id',
  'owner_id',
  'inputs',
  'definition',
  'definition_version',
  'output_page',
  'schedule',
  'created_at',
  'updated_at',
] as const;

/** A saved workflow (`workflows.workflows`); `number` is its display number in its company. */
export type Workflow = Shaped<
  CamelRow<WorkflowsWorkflows, (typeof WORKFLOW_COLUMNS)[number]>,
  {
    inputs: WorkflowInput[];
    definition: WorkflowDefinition;
    outputPage: OutputPage | null;
    schedule: Schedule | null;
  }
>;

export type RunTrigger = (typeof WORKFLOWS_RUNS_TRIGGER)[number];

/** The columns of a run record, as the migration names them. */
export const RUN_COLUMNS = [
  'id',
  'company_id',
  'workflow_id',
  'started_by',
  'trigger',
  'title',
  'inputs',
  'definition',
  'status',
  'error',
  'lease_generation',
  'heartbeat_at',
  'wake_at',
  'cancel_requested',
  'created_at',
  'started_at',
  'completed_at',
  'updated_at',
  'claims_without_progress',
  'progress_at_claim',
  'requeued_at',
] as const satisfies readonly (keyof WorkflowsRuns)[];

/** One run of a workflow (`workflows.runs`); its id is also its report's id. */
export type Run = Shaped<
  CamelRow<WorkflowsRuns, (typeof RUN_COLUMNS)[number]>,
  {
    inputs: Record<string, unknown>;
    /** The workflow's definition as it was when the run started. */
    definition: WorkflowDefinition;
    /** The run's own error (cancellation, staleness, budget), beside its steps' errors. */
    error: StepError | null;
  }
>;

export const RUN_REQUEST_COLUMNS = [
  'company_id',
  'person_id',
  'run_request_id',
  'request_hash',
  'workflow_id',
  'run_id',
  'created_at',
] as const;

/**
 * The receipt of a caller-minted `run_request_id` (`workflows.run_requests`), per person. It
 * outlives its run: `runId` turns null when the run is removed.
 */
export type RunRequest = CamelRow<WorkflowsRunRequests, (typeof RUN_REQUEST_COLUMNS)[number]>;

export const AUTHORING_STATUSES = WORKFLOWS_AUTHORING_OPERATIONS_STATUS;
export type AuthoringStatus = (typeof AUTHORING_STATUSES)[number];

export const AUTHORING_OPERATION_COLUMNS = [
  'id',
  'company_id',
  'person_id',
  'authoring_request_id',
  'request_hash',
  'request',
  'status',
  'workflow_id',
  'questions',
  'gap',
  'error',
  'created_at',
  'updated_at',
] as const;

/** One `POST /api/workflows/blocks/design` request and where it got. */
export type AuthoringOperation = Shaped<
  CamelRow<WorkflowsAuthoringOperations, (typeof AUTHORING_OPERATION_COLUMNS)[number]>,
  { request: Record<string, unknown>; questions: string[] | null }
>;

export type CodeLanguage = (typeof WORKFLOWS_CODE_SESSIONS_LANGUAGE)[number];

export const CODE_SESSION_COLUMNS = [
  'id',
  'company_id',
  'person_id',
  'language',
  'created_at',
  'last_used_at',
  'expires_at',
  'deleted_at',
] as const;

/** A person's code session; its state is rebuilt from its cells. */
export type CodeSession = CamelRow<WorkflowsCodeSessions, (typeof CODE_SESSION_COLUMNS)[number]>;

/** One cell a session ran; its `ok` cells are replayed in order. */
export type CodeCell = CamelRow<WorkflowsCodeCells, keyof WorkflowsCodeCells>;

/** A workflow's webhook link; the token is stored as its SHA-256. */
export type WebhookLink = CamelRow<WorkflowsWebhookLinks, keyof WorkflowsWebhookLinks>;
