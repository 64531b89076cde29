import type { MembershipRole } from '@cw/domain';

/** A session or API key that still works, with what its holder's membership says today. */
export interface LiveCredential {
  id: string;
  personId: string;
  companyId: string;
  role: MembershipRole;
  tokenHash: Buffer;
  /** Null for a session: it carries every scope of its person. */
  scopes: string[] | null;
  teamIds: string[];
}

/** The columns both credential lookups select, as the driver returns them. */
export interface LiveCredentialRow {
  id: string;
  person_id: string;
  company_id: string;
  role: MembershipRole;
  token_hash: Buffer;
  scopes: string[] | null;
  team_ids: string[];
}

export function toLiveCredential(row: LiveCredentialRow): LiveCredential {
  return {
    id: row.id,
    personId: row.person_id,
    companyId: row.company_id,
    role: row.role,
    tokenHash: row.token_hash,
    scopes: row.scopes,
    teamIds: row.team_ids,
  };
}
