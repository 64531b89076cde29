import type { RunStatus, StepError, StepStatus } from '../runs/run-status';

export type OutcomeStatus = 'succeeded' | 'failed' | 'incomplete';

export interface WorkflowRef {
  id: string;
  number: number;
  name: string;
}

export interface DeliveryReceipt {
  hook_id: string;
  delivery_id: string;
  state: string;
  delivered_at: string | null;
}

export interface ReportDeliverable {
  name: string;
  required: boolean;
  status: 'delivered' | 'missing';
  value?: unknown;
  page_public_id?: string;
}

export interface StepState {
  step: string;
  block: string;
  status: StepStatus;
  started_at: string | null;
  finished_at: string | null;
  error: StepError | null;
}

/** `GET /api/reports/{id}` (schema_version 2), also the body a report hook receives. */
export interface Report {
  id: string;
  schema_version: 2;
  workflow: WorkflowRef;
  title: string | null;
  created_at: string;
  completed_at: string | null;
  presentation: {
    execution_status: RunStatus;
    outcome: { status: OutcomeStatus; summary: string };
    states: StepState[];
    deliverables: ReportDeliverable[];
    delivery_receipts: DeliveryReceipt[];
  };
}

/** `GET /api/workflows/runs/{run_id}` and MCP `get_workflow_run`. */
export interface RunView {
  run_id: string;
  workflow: WorkflowRef;
  status: RunStatus;
  outcome: { status: OutcomeStatus; summary: string };
  errors: StepError[];
  stages: { name: string; status: string }[];
  progress: { done: number; total: number };
  current_step: string | null;
  steps: {
    id: string;
    block: string;
    status: StepStatus;
    started_at: string | null;
    finished_at: string | null;
    error: StepError | null;
  }[];
  summary: string;
  report_url: string;
  created_at: string;
  completed_at: string | null;
}
