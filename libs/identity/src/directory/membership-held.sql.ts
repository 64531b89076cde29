import { type Expression, type RawBuilder, sql } from 'kysely';

/**
 * A condition that holds while `personId` is a member of the company in `company` (a column
 * reference, `sql.ref('w.company_id')`): for another context's statement that acts for a person
 * and must not once their membership has ended, whatever a cache in front of it still believes.
 */
export function membershipHeldSql(
  company: Expression<string>,
  personId: string,
): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM identity.memberships m
                   WHERE m.company_id = ${company} AND m.person_id = ${personId}::uuid)`;
}
