/**
 * SQL that holds while `personId` is a member of the company in `companyColumn`: for another
 * context's statement that acts for a person and must not once their membership has ended,
 * whatever a cache in front of it still believes. Its parameter is pushed onto `params`.
 */
export function membershipHeldSql(
  companyColumn: string,
  personId: string,
  params: unknown[],
): string {
  params.push(personId);
  return `EXISTS (SELECT 1 FROM identity.memberships m
                   WHERE m.company_id = ${companyColumn} AND m.person_id = $${params.length}::uuid)`;
}
