import type { Actor } from '@cw/domain';

/** What visibility depends on: who the actor is, in which company and teams. */
export type WorkflowReaderIdentity = Pick<Actor, 'companyId' | 'personId' | 'teamIds'>;

/**
 * The one definition of "which workflows can this actor see", as SQL over
 * `workflows.workflows` aliased `alias`. Parameters are appended to `params`. A company workflow
 * every member sees, a team workflow its team's members, a private one its owner alone (admins
 * included); nothing crosses companies; deleted workflows are out, unless `deleted` lets in
 * those the actor could see before they were deleted.
 */
export function visibleWorkflowsSql(
  alias: string,
  reader: WorkflowReaderIdentity,
  params: unknown[],
  options: { deleted?: boolean } = {},
): string {
  params.push(reader.companyId, reader.personId, reader.teamIds);
  const company = `$${params.length - 2}`;
  const person = `$${params.length - 1}`;
  const teams = `$${params.length}`;
  const live = options.deleted ? '' : ` AND ${alias}.status <> 'deleted'`;
  return `(${alias}.company_id = ${company}${live} AND (
      ${alias}.visibility = 'company'
      OR (${alias}.visibility = 'private' AND ${alias}.owner_id = ${person})
      OR (${alias}.visibility = 'team' AND ${alias}.team_id = ANY(${teams}::uuid[]))))`;
}
