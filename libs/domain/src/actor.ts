import type { MembershipRole } from './roles';

export type CredentialKind = 'session' | 'api_key' | 'oauth_access';

export interface ResolvedCredential {
  kind: CredentialKind;
  id: string;
  personId: string;
  companyId: string;
  role: MembershipRole;
  /** The teams of the person in that company (resolved with the credential, cached with it). */
  teamIds: string[];
  /** Null for a session cookie: it acts with the person's full web-app reach. */
  scopes: string[] | null;
}

/** Who a request acts as: one person in one company, through one credential. */
export interface Actor {
  personId: string;
  companyId: string;
  role: MembershipRole;
  teamIds: string[];
  credential: { kind: CredentialKind; id: string; scopes: string[] | null };
}
