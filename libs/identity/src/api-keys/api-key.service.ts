import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError, ErrorCode } from '@cw/platform';
import { CredentialRevocationChannel } from '@cw/queue';
import { DataSource } from 'typeorm';
import { mintToken } from '../tokens/token-codec';

export const LIVE_TOKEN_LIMIT = 25;

export interface ApiKeyView {
  id: string;
  name: string;
  scopes: string[];
  token_prefix: string;
  created_at: string;
  last_used_at: string | null;
}

export interface CreatedApiKey extends ApiKeyView {
  token: string;
}

interface ApiKeyRow {
  id: string;
  name: string;
  scopes: string[];
  token_prefix: string;
  created_at: Date;
  last_used_at: Date | null;
}

function toView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    token_prefix: row.token_prefix,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

@Injectable()
export class ApiKeyService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly revocations: CredentialRevocationChannel,
  ) {}

  /**
   * Mints a key for the actor's person in the actor's company. The person row is locked while
   * live tokens are counted, so parallel requests can never pass the limit together.
   */
  async create(
    owner: Pick<Actor, 'personId' | 'companyId'>,
    name: string,
    scopes: string[],
  ): Promise<CreatedApiKey> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT 1 FROM identity.people WHERE id = $1 FOR UPDATE`, [
        owner.personId,
      ]);
      const [{ live }]: { live: number }[] = await manager.query(
        `SELECT count(*)::int AS live FROM identity.api_keys WHERE person_id = $1 AND revoked_at IS NULL`,
        [owner.personId],
      );
      if (live >= LIVE_TOKEN_LIMIT) {
        throw new AppError(
          ErrorCode.TokenLimitReached,
          `A person holds at most ${LIVE_TOKEN_LIMIT} live tokens; revoke one first.`,
          { details: { limit: LIVE_TOKEN_LIMIT } },
        );
      }
      const minted = mintToken('apiKey');
      const [row]: ApiKeyRow[] = await manager.query(
        `INSERT INTO identity.api_keys (token_hash, token_prefix, company_id, person_id, name, scopes)
         VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id, name, scopes, token_prefix, created_at, last_used_at`,
        [
          minted.hash,
          minted.displayPrefix,
          owner.companyId,
          owner.personId,
          name,
          [...new Set(scopes)],
        ],
      );
      return { ...toView(row), token: minted.token };
    });
  }

  async list(owner: Pick<Actor, 'personId' | 'companyId'>): Promise<ApiKeyView[]> {
    const rows: ApiKeyRow[] = await this.dataSource.query(
      `SELECT id, name, scopes, token_prefix, created_at, last_used_at FROM identity.api_keys
        WHERE person_id = $1 AND company_id = $2 AND revoked_at IS NULL
        ORDER BY created_at DESC, id`,
      [owner.personId, owner.companyId],
    );
    return rows.map(toView);
  }

  /** Idempotent: revoking an already revoked key of the caller answers the same. */
  async revoke(owner: Pick<Actor, 'personId' | 'companyId'>, keyId: string): Promise<void> {
    const [rows]: [{ revoked_at: Date | null }[], number] = await this.dataSource.query(
      `UPDATE identity.api_keys SET revoked_at = coalesce(revoked_at, now())
        WHERE id = $1 AND person_id = $2 AND company_id = $3
        RETURNING revoked_at`,
      [keyId, owner.personId, owner.companyId],
    );
    if (rows.length === 0) throw AppError.notFound('No API key of yours has that id.');
    await this.revocations.publish({ type: 'credential', credentialId: keyId });
  }
}
