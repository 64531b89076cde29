import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import { CredentialRevocationChannel } from '@cw/queue';
import { DataSource } from 'typeorm';
import { PersonRepository } from '../directory/person.repository';
import { identityError } from '../errors/identity-errors';
import { mintToken } from '../tokens/token-codec';
import { type ApiKeyRecord, ApiKeyRepository } from './api-key.repository';

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

function toView(key: ApiKeyRecord): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes,
    token_prefix: key.tokenPrefix,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
  };
}

@Injectable()
export class ApiKeyService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly apiKeys: ApiKeyRepository,
    private readonly people: PersonRepository,
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
      await this.people.lockForWrite(manager, owner.personId);
      if ((await this.apiKeys.countLive(manager, owner.personId)) >= LIVE_TOKEN_LIMIT) {
        throw identityError(
          'TOKEN_LIMIT_REACHED',
          `A person holds at most ${LIVE_TOKEN_LIMIT} live tokens; revoke one first.`,
          { details: { limit: LIVE_TOKEN_LIMIT } },
        );
      }
      const minted = mintToken('apiKey');
      const key = await this.apiKeys.insert(manager, {
        tokenHash: minted.hash,
        tokenPrefix: minted.displayPrefix,
        companyId: owner.companyId,
        personId: owner.personId,
        name,
        scopes: [...new Set(scopes)],
      });
      return { ...toView(key), token: minted.token };
    });
  }

  async list(owner: Pick<Actor, 'personId' | 'companyId'>): Promise<ApiKeyView[]> {
    return (await this.apiKeys.findLiveOf(owner.personId, owner.companyId)).map(toView);
  }

  /** Idempotent: revoking an already revoked key of the caller answers the same. */
  async revoke(owner: Pick<Actor, 'personId' | 'companyId'>, keyId: string): Promise<void> {
    if (!(await this.apiKeys.revoke(keyId, owner.personId, owner.companyId))) {
      throw AppError.notFound('No API key of yours has that id.');
    }
    await this.revocations.publish({ type: 'credential', credentialId: keyId });
  }
}
