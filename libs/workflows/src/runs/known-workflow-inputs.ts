import { Injectable } from '@nestjs/common';
import type { Workflow } from '../workflows-schema';
import type { WorkflowRef } from '../definitions/workflow-ref';

const MAX_ENTRIES = 10_000;

/**
 * The id and declared inputs of workflows this process has read, by the reference a caller
 * used (UUID or display number, within a company). Neither ever changes once a workflow is
 * saved, so nothing here goes stale; whether the workflow may be started is asked of the
 * database at each start (the one statement `RunStartService.start` tries first).
 */
@Injectable()
export class KnownWorkflowInputs {
  private readonly known = new Map<string, Pick<Workflow, 'id' | 'inputs'>>();

  get(companyId: string, ref: WorkflowRef): Pick<Workflow, 'id' | 'inputs'> | undefined {
    return this.known.get(keyOf(companyId, ref));
  }

  remember(workflow: Pick<Workflow, 'id' | 'companyId' | 'number' | 'inputs'>): void {
    if (this.known.size >= MAX_ENTRIES) this.known.clear();
    const known = { id: workflow.id, inputs: workflow.inputs };
    this.known.set(keyOf(workflow.companyId, { kind: 'id', id: workflow.id }), known);
    this.known.set(keyOf(workflow.companyId, { kind: 'number', number: workflow.number }), known);
  }
}

function keyOf(companyId: string, ref: WorkflowRef): string {
  return ref.kind === 'id' ? `${companyId}:${ref.id}` : `${companyId}#${ref.number}`;
}
