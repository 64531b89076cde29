import { Injectable } from '@nestjs/common';
import { type CamelRow, first, run } from '@cw/db';
import { sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { type IdentityAgentTestSignInLinks, identityDb } from '../identity-schema';

/** A link to store: only the SHA-256 of its token is kept. */
export type NewSignInLink = CamelRow<
  IdentityAgentTestSignInLinks,
  'token_hash' | 'company_id' | 'person_id' | 'created_by' | 'expires_at'
>;

export type ConsumedSignInLink = CamelRow<IdentityAgentTestSignInLinks, 'company_id' | 'person_id'>;

export const agentTestSignInLinkStatements = {
  insert: (link: NewSignInLink) =>
    identityDb.insertInto('identity.agent_test_sign_in_links').values({
      token_hash: link.tokenHash,
      company_id: link.companyId,
      person_id: link.personId,
      created_by: link.createdBy,
      expires_at: link.expiresAt,
    }),

  consume: (tokenHash: Buffer) =>
    identityDb
      .updateTable('identity.agent_test_sign_in_links')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['company_id as companyId', 'person_id as personId']),
};

@Injectable()
export class AgentTestSignInLinkRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(link: NewSignInLink): Promise<void> {
    await run(this.dataSource, agentTestSignInLinkStatements.insert(link));
  }

  /**
   * Marks the unused, unexpired link with that token hash used, in one statement: of parallel
   * opens exactly one gets the member back. Null for a used, expired or unknown link.
   */
  consume(manager: EntityManager, tokenHash: Buffer): Promise<ConsumedSignInLink | null> {
    return first(manager, agentTestSignInLinkStatements.consume(tokenHash));
  }
}
