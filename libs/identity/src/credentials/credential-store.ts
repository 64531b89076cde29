import { Injectable } from '@nestjs/common';
import type { MembershipRole, OperatorRequirement, ResolvedCredential } from '@cw/domain';
import { DataSource } from 'typeorm';
import { hashesEqual, hashToken, tokenKindOf } from '../tokens/token-codec';

interface CredentialRow {
  id: string;
  person_id: string;
  company_id: string;
  role: MembershipRole;
  token_hash: Buffer;
  scopes: string[] | null;
  team_ids: string[];
}

const TEAM_IDS = (alias: string): string => `
  ARRAY(SELECT tm.team_id FROM identity.team_memberships tm
          JOIN identity.teams t ON t.id = tm.team_id
         WHERE tm.person_id = ${alias}.person_id AND t.company_id = ${alias}.company_id) AS team_ids`;

const LIVE_SESSION = `
  SELECT s.id, s.person_id, s.company_id, m.role, s.token_hash, NULL::text[] AS scopes, ${TEAM_IDS('s')}
    FROM identity.sessions s
    JOIN identity.memberships m ON m.company_id = s.company_id AND m.person_id = s.person_id
   WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`;

const LIVE_API_KEY = `
  SELECT k.id, k.person_id, k.company_id, m.role, k.token_hash, k.scopes, ${TEAM_IDS('k')}
    FROM identity.api_keys k
    JOIN identity.memberships m ON m.company_id = k.company_id AND m.person_id = k.person_id
   WHERE k.token_hash = $1 AND k.revoked_at IS NULL`;

/**
 * Resolves a presented token to the live credential it stands for, by the SHA-256 hash of the
 * token (the only form stored). A credential whose membership ended no longer resolves.
 */
@Injectable()
export class CredentialStore {
  constructor(private readonly dataSource: DataSource) {}

  async resolve(token: string): Promise<ResolvedCredential | null> {
    const kind = tokenKindOf(token);
    const sql = kind === 'session' ? LIVE_SESSION : kind === 'apiKey' ? LIVE_API_KEY : null;
    // OAuth access tokens resolve here once the OAuth issue lands; until then they are unknown.
    if (!sql) return null;
    const hash = hashToken(token);
    const [row]: CredentialRow[] = await this.dataSource.query(sql, [hash]);
    if (!row || !hashesEqual(row.token_hash, hash)) return null;
    return {
      kind: kind === 'session' ? 'session' : 'api_key',
      id: row.id,
      personId: row.person_id,
      companyId: row.company_id,
      role: row.role,
      teamIds: row.team_ids,
      scopes: row.scopes,
    };
  }

  /** Operator grants are checked live on every request that needs one, never cached. */
  async missingOperatorGrants(
    personId: string,
    requirements: readonly OperatorRequirement[],
  ): Promise<OperatorRequirement[]> {
    if (requirements.length === 0) return [];
    const rows: { requirement: OperatorRequirement }[] = await this.dataSource.query(
      `SELECT requirement FROM identity.operator_grants WHERE person_id = $1 AND requirement = ANY($2)`,
      [personId, requirements],
    );
    const held = new Set(rows.map((row) => row.requirement));
    return requirements.filter((requirement) => !held.has(requirement));
  }
}
