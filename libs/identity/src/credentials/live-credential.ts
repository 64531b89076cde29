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
