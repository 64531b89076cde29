import type { CamelRow } from '@cw/db';
import type { MembershipRole } from '@cw/domain';
import type { IdentitySessions } from '../identity-schema';

/** A session, API key or OAuth sign-in that still works, with what its membership says today. */
export type LiveCredential = CamelRow<
  IdentitySessions,
  'id' | 'person_id' | 'company_id' | 'token_hash'
> & {
  role: MembershipRole;
  /** Null for a session: it carries every scope of its person. */
  scopes: string[] | null;
  teamIds: string[];
};

/** The columns the string-built credential lookups select, as the driver returns them. */
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
