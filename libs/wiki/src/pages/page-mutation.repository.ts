import { Injectable } from '@nestjs/common';
import { type CamelRow, first, rawQuery, run } from '@cw/db';
import type { EntityManager } from 'typeorm';
import type { WikiPageMutations, WikiRow } from '../wiki-schema';

/** Who minted a mutation id: ids are the caller's, per company and person. */
export type PageMutationKey = CamelRow<
  WikiPageMutations,
  'company_id' | 'person_id' | 'mutation_id'
>;

/** The stored first outcome of a mutation. */
export type StoredPageMutation = CamelRow<WikiPageMutations, 'request_hash' | 'status'> & {
  response: unknown;
};

/** Hand-written on the edit path, which looks a mutation up before it writes (and replays). */
export const pageMutationStatements = {
  find: (key: PageMutationKey) =>
    rawQuery<WikiRow<WikiPageMutations, 'request_hash' | 'status' | 'response'>>(
      `SELECT request_hash, status, response FROM wiki.page_mutations
        WHERE company_id = $1 AND person_id = $2 AND mutation_id = $3`,
      [key.companyId, key.personId, key.mutationId],
    ),

  insert: (key: PageMutationKey, stored: StoredPageMutation) =>
    rawQuery(
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
    ),
};

/** `wiki.page_mutations`: the first outcome of each caller-minted mutation id. */
@Injectable()
export class PageMutationRepository {
  async find(manager: EntityManager, key: PageMutationKey): Promise<StoredPageMutation | null> {
    const row = await first(manager, pageMutationStatements.find(key));
    return row
      ? { requestHash: row.request_hash, status: row.status, response: row.response }
      : null;
  }

  /** Fails with a unique violation when the id was recorded meanwhile. */
  insert(manager: EntityManager, key: PageMutationKey, stored: StoredPageMutation): Promise<void> {
    return run(manager, pageMutationStatements.insert(key, stored));
  }
}
