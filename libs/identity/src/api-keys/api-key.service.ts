import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import { CredentialRevocationChannel } from '@cw/queue';
import { DataSource, type EntityManager } from 'typeorm';
import { LiveTokenCap } from '../credentials/live-token-cap';
import { mintToken } from '../tokens/token-codec';
import { type ApiKeyRecord, ApiKeyRepository } from './api-key.repository';

export interface ApiKeyView {
  id: string;
  name: string;
  scopes: string[];
  token_prefix: string;
  created_at: string;
  last_used_at: string | null;
}

export interface OwnedApiKeyView extends ApiKeyView {
  person_id: string;
  company_id: string;
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
    private readonly cap: LiveTokenCap,
    private readonly revocations: CredentialRevocationChannel,
  ) {}

  /**
   * Mints a key for the actor's person in the actor's company, within the live-token cap (the
   * person row stays locked while tokens are counted and the key written). With a
   * `manager` it joins the caller's transaction (which then holds the lock until it ends).
   */
  async create(
    owner: Pick<Actor, 'personId' | 'companyId'>,
    name: string,
    scopes: string[],
    manager?: EntityManager,
  ): Promise<CreatedApiKey> {
    return manager
      ? this.mint(manager, owner, name, scopes)
      : this.dataSource.transaction((transaction) => this.mint(transaction, owner, name, scopes));
  }

  private async mint(
    manager: EntityManager,
    owner: Pick<Actor, 'personId' | 'companyId'>,
    name: string,
    scopes: string[],
  ): Promise<CreatedApiKey> {
    await this.cap.holdRoomFor(manager, owner.personId);
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
  }

  async list(owner: Pick<Actor, 'personId' | 'companyId'>): Promise<ApiKeyView[]> {
    return (await this.apiKeys.findLiveOf(owner.personId, owner.companyId)).map(toView);
  }

  /** Live keys of a person, a company or both (the admin CLI), never their tokens. */
  async listLive(owner: { personId?: string; companyId?: string }): Promise<OwnedApiKeyView[]> {
    return (await this.apiKeys.findLive(owner)).map((key) => ({
      ...toView(key),
      person_id: key.personId,
      company_id: key.companyId,
    }));
  }

  /** Revokes any key by id (the admin CLI), at once in every process; false when none has it. */
  async revokeById(keyId: string): Promise<boolean> {
    if (!(await this.apiKeys.revokeById(keyId))) return false;
    await this.revocations.publish({ type: 'credential', credentialId: keyId });
    return true;
  }

  /** Idempotent: revoking an already revoked key of the caller answers the same. */
  async revoke(owner: Pick<Actor, 'personId' | 'companyId'>, keyId: string): Promise<void> {
    if (!(await this.apiKeys.revoke(keyId, owner.personId, owner.companyId))) {
      throw AppError.notFound('No API key of yours has that id.');
    }
    await this.revocations.publish({ type: 'credential', credentialId: keyId });
  }
}
