import type { MembershipRole } from '@cw/domain';
import type { SessionKind } from '../identity-schema';

export interface GrantRequestedView {
  grant_id: string;
  /** Absolute: the page a person with `testing.authorize` opens to approve. */
  authorize_url: string;
  expires_at: string;
}

export interface GrantApprovedView {
  grant_id: string;
  status: 'approved';
  approved_at: string;
}

export interface GrantTokenView {
  token: string;
}

export interface SignInLinkView {
  url: string;
  expires_at: string;
}

export interface AgentTestStatusView {
  signed_in: true;
  person: { id: string; email: string; name: string };
  company: { id: string; name: string };
  role: MembershipRole;
  session: { kind: SessionKind; expires_at: string };
}

export interface AgentTestRevokedView {
  revoked: true;
}
