import type { Actor } from '@cw/domain';
import { type RawBuilder, sql } from 'kysely';

/** What visibility depends on: who the actor is, in which company and teams. */
export type WorkflowReaderIdentity = Pick<Actor, 'companyId' | 'personId' | 'teamIds'>;

/**
 * The one definition of "which workflows can this actor see", as a condition over
 * `workflows.workflows` aliased `alias`. A company workflow every member sees, a team workflow
 * its team's members, a private one its owner alone (admins included); nothing crosses
 * companies; deleted workflows are out, unless `deleted` lets in those the actor could see
 * before they were deleted. Its text is the same for every reader (the reader is parameters).
 */
export function visibleWorkflowsSql(
  alias: string,
  reader: WorkflowReaderIdentity,
  options: { deleted?: boolean } = {},
): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const live = options.deleted ? sql`` : sql` AND ${column('status')} <> 'deleted'`;
  const seenBy = sql.join(
    [
      sql`${column('visibility')} = 'company'`,
      sql`(${column('visibility')} = 'private' AND ${column('owner_id')} = ${reader.personId})`,
      sql`(${column('visibility')} = 'team' AND ${column('team_id')} = ANY(${reader.teamIds}::uuid[]))`,
    ],
    sql` OR `,
  );
  return sql<boolean>`(${column('company_id')} = ${reader.companyId}${live} AND (${seenBy}))`;
}
