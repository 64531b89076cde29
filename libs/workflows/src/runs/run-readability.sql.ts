import { type RawBuilder, sql } from 'kysely';
import {
  visibleWorkflowsSql,
  type WorkflowReaderIdentity,
} from '../access/workflow-visibility.sql';

/**
 * The one definition of "which runs (reports) can this actor read", as a condition over
 * `workflows.runs` aliased `run` joined to its workflow aliased `workflow`: whoever can see the
 * workflow, and the person who started the run (also once the workflow is hidden or deleted).
 */
export function readableRunsSql(
  run: string,
  workflow: string,
  reader: WorkflowReaderIdentity,
): RawBuilder<boolean> {
  const visible = visibleWorkflowsSql(workflow, reader);
  return sql<boolean>`(${sql.ref(`${run}.company_id`)} = ${reader.companyId} AND (${sql.ref(`${run}.started_by`)} = ${reader.personId} OR ${visible}))`;
}
