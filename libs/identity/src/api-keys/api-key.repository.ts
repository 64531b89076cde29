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
