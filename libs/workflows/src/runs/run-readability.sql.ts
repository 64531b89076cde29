import {
  visibleWorkflowsSql,
  type WorkflowReaderIdentity,
} from '../access/workflow-visibility.sql';

/**
 * The one definition of "which runs (reports) can this actor read", as SQL over
 * `workflows.runs` aliased `run` joined to its workflow aliased `workflow`: whoever can see the
 * workflow, and the person who started the run (also once the workflow is hidden or deleted).
 * Parameters are appended to `params`.
 */
export function readableRunsSql(
  run: string,
  workflow: string,
  reader: WorkflowReaderIdentity,
  params: unknown[],
): string {
  const visible = visibleWorkflowsSql(workflow, reader, params);
  params.push(reader.companyId, reader.personId);
  const company = `$${params.length - 1}`;
  const person = `$${params.length}`;
  return `(${run}.company_id = ${company} AND (${run}.started_by = ${person} OR ${visible}))`;
}
