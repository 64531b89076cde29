import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { AgentTestSignInLink } from './entities/agent-test-sign-in-link.entity';

export type NewSignInLink = Pick<
  AgentTestSignInLink,
  'tokenHash' | 'companyId' | 'personId' | 'createdBy' | 'expiresAt'
>;

export type ConsumedSignInLink = Pick<AgentTestSignInLink, 'companyId' | 'personId'>;

@Injectable()
export class AgentTestSignInLinkRepository {
  constructor(
    @InjectRepository(AgentTestSignInLink)
    private readonly links: Repository<AgentTestSignInLink>,
  ) {}

  async insert(link: NewSignInLink): Promise<void> {
    await this.links.insert(link);
  }

  /**
   * Marks the unused, unexpired link with that token hash used, in one statement: of parallel
   * opens exactly one gets the member back. Null for a used, expired or unknown link.
   */
  async consume(manager: EntityManager, tokenHash: Buffer): Promise<ConsumedSignInLink | null> {
    const [rows]: [{ company_id: string; person_id: string }[], number] = await manager.query(
      `UPDATE identity.agent_test_sign_in_links SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING company_id, person_id`,
      [tokenHash],
    );
    const row = rows[0];
    return row ? { companyId: row.company_id, personId: row.person_id } : null;
  }
}
