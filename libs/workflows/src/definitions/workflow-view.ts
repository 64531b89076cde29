import type { Schedule } from '../schedules/schedule';
import type { OutputPage, Workflow, WorkflowStatus, WorkflowVisibility } from '../workflows-schema';
import type { WorkflowDefinition, WorkflowInput } from './workflow-definition';

/** A workflow as the API shows it. */
export interface WorkflowView {
  id: string;
  number: number;
  name: string;
  status: WorkflowStatus;
  visibility: WorkflowVisibility;
  team_id: string | null;
  owner: { id: string };
  inputs: WorkflowInput[];
  definition: WorkflowDefinition;
  schedule: Schedule | null;
  output_page: OutputPage | null;
  created_at: string;
  updated_at: string;
}

export function workflowView(workflow: Workflow): WorkflowView {
  return {
    id: workflow.id,
    number: workflow.number,
    name: workflow.name,
    status: workflow.status,
    visibility: workflow.visibility,
    team_id: workflow.teamId,
    owner: { id: workflow.ownerId },
    inputs: workflow.inputs,
    definition: workflow.definition,
    schedule: workflow.schedule,
    output_page: workflow.outputPage,
    created_at: new Date(workflow.createdAt).toISOString(),
    updated_at: new Date(workflow.updatedAt).toISOString(),
  };
}
