import { Injectable } from '@nestjs/common';
import { all, type CamelRow, camelColumns, first } from '@cw/db';
import { sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { teamIdsOf } from '../credentials/credential-team-ids.sql';
import type { LiveCredential } from '../credentials/live-credential';
import { identityDb, type IdentityApiKeys } from '../identity-schema';

/** A key as its owner sees it: never the token or its hash. */
const RECORD_COLUMNS = [
  'id',
  'name',
  'scopes',
  'token_prefix',
  'created_at',
  'last_used_at',
] as const;

export type ApiKeyRecord = CamelRow<IdentityApiKeys, (typeof RECORD_COLUMNS)[number]>;

/** A key with its owner, for the operator's admin CLI: never the token or its hash. */
export type OwnedApiKeyRecord = CamelRow<
  IdentityApiKeys,
  (typeof RECORD_COLUMNS)[number] | 'person_id' | 'company_id'
>;

export type ApiKeyOwner = CamelRow<IdentityApiKeys, 'person_id' | 'company_id'>;

export type NewApiKey = CamelRow<
  IdentityApiKeys,
  'token_hash' | 'token_prefix' | 'company_id' | 'person_id' | 'name' | 'scopes'
>;

/** The live-token cap keeps a person under 25; a company listing is bounded here. */
export const MAX_LISTED_KEYS = 1_000;

/** Unrevoked keys whose membership still exists, as live credentials. */
const liveApiKeys = () =>
  identityDb
    .selectFrom('identity.api_keys as k')
    .innerJoin('identity.memberships as m', (join) =>
      join.onRef('m.company_id', '=', 'k.company_id').onRef('m.person_id', '=', 'k.person_id'),
    )
    .select([
      'k.id',
      'k.person_id as personId',
      'k.company_id as companyId',
      'm.role',
      'k.token_hash as tokenHash',
      'k.scopes',
      teamIdsOf('k').as('teamIds'),
    ])
    .where('k.revoked_at', 'is', null);

export const apiKeyStatements = {
  /** Runs on every request whose key is not cached: one index lookup by token hash. */
  findLiveByTokenHash: (tokenHash: Buffer) => liveApiKeys().where('k.token_hash', '=', tokenHash),

  findLiveById: (id: string) => liveApiKeys().where('k.id', '=', id),

  countLive: (personId: string) =>
    identityDb
      .selectFrom('identity.api_keys')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('person_id', '=', personId)
      .where('revoked_at', 'is', null),

  insert: (key: NewApiKey) =>
    identityDb
      .insertInto('identity.api_keys')
      .values({
        token_hash: key.tokenHash,
        token_prefix: key.tokenPrefix,
        company_id: key.companyId,
        person_id: key.personId,
        name: key.name,
        scopes: key.scopes,
      })
      .returning(camelColumns(RECORD_COLUMNS)),

  /** The person's live keys in one company, newest first. */
  findLiveOf: (personId: string, companyId: string) =>
    identityDb
      .selectFrom('identity.api_keys')
      .select(camelColumns(RECORD_COLUMNS))
      .where('person_id', '=', personId)
      .where('company_id', '=', companyId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id'),

  findLive: (owner: { personId?: string; companyId?: string }) =>
    identityDb
      .selectFrom('identity.api_keys')
      .select(camelColumns([...RECORD_COLUMNS, 'person_id', 'company_id']))
      .$if(owner.personId !== undefined, (query) => query.where('person_id', '=', owner.personId!))
      .$if(owner.companyId !== undefined, (query) =>
        query.where('company_id', '=', owner.companyId!),
      )
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(MAX_LISTED_KEYS),

  /** Keeps the first revocation time. */
  revokeById: (keyId: string) =>
    identityDb
      .updateTable('identity.api_keys')
      .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
      .where('id', '=', keyId)
      .returning(['person_id as personId', 'company_id as companyId']),

  revokeOwned: (keyId: string, owner: ApiKeyOwner) =>
    identityDb
      .updateTable('identity.api_keys')
      .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
      .where('id', '=', keyId)
      .where('person_id', '=', owner.personId)
      .where('company_id', '=', owner.companyId)
      .returning('id'),
};

@Injectable()
export class ApiKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The unrevoked key with this token hash whose membership still exists. */
  findLiveByTokenHash(tokenHash: Buffer): Promise<LiveCredential | null> {
    return first(this.dataSource, apiKeyStatements.findLiveByTokenHash(tokenHash));
  }

  /** The unrevoked key with this id whose membership still exists (work done on its behalf). */
  findLiveById(id: string): Promise<LiveCredential | null> {
    return first(this.dataSource, apiKeyStatements.findLiveById(id));
  }

  async countLive(manager: EntityManager, personId: string): Promise<number> {
    return (await first(manager, apiKeyStatements.countLive(personId)))?.count ?? 0;
  }

  async insert(manager: EntityManager, key: NewApiKey): Promise<ApiKeyRecord> {
    const [inserted] = await all(manager, apiKeyStatements.insert(key));
    return inserted;
  }

  /** The person's live keys in one company, newest first. */
  findLiveOf(personId: string, companyId: string): Promise<ApiKeyRecord[]> {
    return all(this.dataSource, apiKeyStatements.findLiveOf(personId, companyId));
  }

  /** Live keys of a person (in every company), of a company (every person), or both; newest first. */
  findLive(owner: { personId?: string; companyId?: string }): Promise<OwnedApiKeyRecord[]> {
    return all(this.dataSource, apiKeyStatements.findLive(owner));
  }

  /** Revokes any key by id, keeping the first revocation time; its owner, or null when no key has it. */
  revokeById(keyId: string): Promise<ApiKeyOwner | null> {
    return first(this.dataSource, apiKeyStatements.revokeById(keyId));
  }

  /**
   * Revokes the person's key in the company, keeping the first revocation time. False when the
   * person has no such key there.
   */
  async revoke(keyId: string, personId: string, companyId: string): Promise<boolean> {
    const revoked = await all(
      this.dataSource,
      apiKeyStatements.revokeOwned(keyId, { personId, companyId }),
    );
    return revoked.length > 0;
  }
}
