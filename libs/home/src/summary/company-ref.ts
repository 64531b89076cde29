/** How `company_id` names a company: its UUID or its legacy integer id. */
export type CompanyRef = { kind: 'uuid'; id: string } | { kind: 'legacy'; id: string };

export const COMPANY_REF_PATTERN =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[1-9][0-9]{0,17})$/i;

/** A `company_id` that already passed COMPANY_REF_PATTERN. */
export function parseCompanyRef(value: string): CompanyRef {
  return value.includes('-')
    ? { kind: 'uuid', id: value.toLowerCase() }
    : { kind: 'legacy', id: value };
}
