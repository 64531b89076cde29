import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PageMutation } from './entities/page-mutation.entity';

/** Who minted a mutation id: ids are the caller's, per company and person. */
export type PageMutationKey = Pick<PageMutation, 'companyId' | 'personId' | 'mutationId'>;

/** The stored first outcome of a mutation. */
export type StoredPageMutation = Pick<PageMutation, 'requestHash' | 'status' | 'response'>;

/** `wiki.page_mutations`: the first outcome of each caller-minted mutation id. */
@Injectable()
export class PageMutationRepository {
  async find(manager: EntityManager, key: PageMutationKey): Promise<StoredPageMutation | null> {
    const [row]: { request_hash: Buffer; status: number; response: unknown }[] =
      await manager.query(
        `SELECT request_hash, status, response FROM wiki.page_mutations
        WHERE company_id = $1 AND person_id = $2 AND mutation_id = $3`,
        [key.companyId, key.personId, key.mutationId],
      );
    return row
      ? { requestHash: row.request_hash, status: row.status, response: row.response }
      : null;
  }

  /** Fails with a unique violation when the id was recorded meanwhile. */
  async insert(
    manager: EntityManager,
    key: PageMutationKey,
    stored: StoredPageMutation,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO wiki.page_mutations (company_id, person_id, mutation_id, request_hash, status, response)
         VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        key.companyId,
        key.personId,
        key.mutationId,
        stored.requestHash,
        stored.status,
        JSON.stringify(stored.response),
      ],
    );
  }
}
