import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, IsNull, type Repository } from 'typeorm';
import { credentialTeamIds } from '../credentials/credential-team-ids.sql';
import {
  type LiveCredential,
  type LiveCredentialRow,
  toLiveCredential,
} from '../credentials/live-credential';
import { ApiKey } from './entities/api-key.entity';

const LIVE_API_KEYS = `
  SELECT k.id, k.person_id, k.company_id, m.role, k.token_hash, k.scopes, ${credentialTeamIds('k')}
    FROM identity.api_keys k
    JOIN identity.memberships m ON m.company_id = k.company_id AND m.person_id = k.person_id
   WHERE k.revoked_at IS NULL`;

/** Runs on every request whose key is not cached: one index lookup by token hash. */
const LIVE_API_KEY = `${LIVE_API_KEYS} AND k.token_hash = $1`;

/** A key as its owner sees it: never the token or its hash. */
export type ApiKeyRecord = Pick<
  ApiKey,
  'id' | 'name' | 'scopes' | 'tokenPrefix' | 'createdAt' | 'lastUsedAt'
>;

/** A key with its owner, for the operator's admin CLI: never the token or its hash. */
export type OwnedApiKeyRecord = ApiKeyRecord & Pick<ApiKey, 'personId' | 'companyId'>;

interface ApiKeyRow {
  person_id: string;
  company_id: string;
}

/** The live-token cap keeps a person under 25; a company listing is bounded here. */
export const MAX_LISTED_KEYS = 1_000;

export type NewApiKey = Pick<
  ApiKey,
  'tokenHash' | 'tokenPrefix' | 'companyId' | 'personId' | 'name' | 'scopes'
>;

const RECORD_COLUMNS = {
  id: true,
  name: true,
  scopes: true,
  tokenPrefix: true,
  createdAt: true,
  lastUsedAt: true,
} as const;

@Injectable()
export class ApiKeyRepository {
  constructor(@InjectRepository(ApiKey) private readonly apiKeys: Repository<ApiKey>) {}

  /** The unrevoked key with this token hash whose membership still exists. */
  async findLiveByTokenHash(tokenHash: Buffer): Promise<LiveCredential | null> {
    const [row]: LiveCredentialRow[] = await this.apiKeys.query(LIVE_API_KEY, [tokenHash]);
    return row ? toLiveCredential(row) : null;
  }

  /** The unrevoked key with this id whose membership still exists (work done on its behalf). */
  async findLiveById(id: string): Promise<LiveCredential | null> {
    const [row]: LiveCredentialRow[] = await this.apiKeys.query(`${LIVE_API_KEYS} AND k.id = $1`, [
      id,
    ]);
    return row ? toLiveCredential(row) : null;
  }

  countLive(manager: EntityManager, personId: string): Promise<number> {
    return manager.getRepository(ApiKey).countBy({ personId, revokedAt: IsNull() });
  }

  async insert(manager: EntityManager, key: NewApiKey): Promise<ApiKeyRecord> {
    const inserted = await manager.getRepository(ApiKey).insert(key);
    const generated = inserted.generatedMaps[0] as Pick<ApiKey, 'id' | 'createdAt'>;
    return {
      id: generated.id,
      name: key.name,
      scopes: key.scopes,
      tokenPrefix: key.tokenPrefix,
      createdAt: generated.createdAt,
      lastUsedAt: null,
    };
  }

  /** The person's live keys in one company, newest first. */
  findLiveOf(personId: string, companyId: string): Promise<ApiKeyRecord[]> {
    return this.apiKeys.find({
      select: RECORD_COLUMNS,
      where: { personId, companyId, revokedAt: IsNull() },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
  }

  /** Live keys of a person (in every company), of a company (every person), or both; newest first. */
  findLive(owner: { personId?: string; companyId?: string }): Promise<OwnedApiKeyRecord[]> {
    return this.apiKeys.find({
      select: { ...RECORD_COLUMNS, personId: true, companyId: true },
      where: { ...owner, revokedAt: IsNull() },
      order: { createdAt: 'DESC', id: 'ASC' },
      take: MAX_LISTED_KEYS,
    });
  }

  /** Revokes any key by id, keeping the first revocation time; its owner, or null when no key has it. */
  async revokeById(keyId: string): Promise<Pick<ApiKey, 'personId' | 'companyId'> | null> {
    const [rows]: [ApiKeyRow[], number] = await this.apiKeys.query(
      `UPDATE identity.api_keys SET revoked_at = coalesce(revoked_at, now())
          WHERE id = $1 RETURNING person_id, company_id`,
      [keyId],
    );
    const row = rows[0];
    return row ? { personId: row.person_id, companyId: row.company_id } : null;
  }

  /**
   * Revokes the person's key in the company, keeping the first revocation time. False when the
   * person has no such key there.
   */
  async revoke(keyId: string, personId: string, companyId: string): Promise<boolean> {
    const result = await this.apiKeys.update(
      { id: keyId, personId, companyId },
      { revokedAt: () => 'coalesce(revoked_at, now())' },
    );
    return (result.affected ?? 0) > 0;
  }
}
