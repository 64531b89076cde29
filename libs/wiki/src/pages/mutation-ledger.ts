import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { isUniqueViolation } from '@cw/db';
import { AppError } from '@cw/platform';
import { wikiError } from '../errors/wiki-errors';
import type { EntityManager } from 'typeorm';

export interface StoredMutation<T> {
  status: number;
  response: T;
}

function reusedError(mutationId: string): AppError {
  return wikiError(
    'MUTATION_ID_REUSED',
    'This mutation_id was already used for a different request; mint a new one for a new change.',
    { details: { mutation_id: mutationId } },
  );
}

export function requestHash(operation: string, pageId: string, body: unknown): Buffer {
  return createHash('sha256')
    .update(JSON.stringify([operation, pageId, body]))
    .digest();
}

/**
 * Remembers the first outcome of each caller-minted mutation id, so that a retry answers it
 * again without writing, and a reuse with another request is refused.
 */
@Injectable()
export class MutationLedger {
  async find<T>(
    manager: EntityManager,
    actor: Actor,
    mutationId: string,
    hash: Buffer,
  ): Promise<StoredMutation<T> | null> {
    const [row]: { request_hash: Buffer; status: number; response: T }[] = await manager.query(
      `SELECT request_hash, status, response FROM wiki.page_mutations
        WHERE company_id = $1 AND person_id = $2 AND mutation_id = $3`,
      [actor.companyId, actor.personId, mutationId],
    );
    if (!row) return null;
    if (!row.request_hash.equals(hash)) {
      throw reusedError(mutationId);
    }
    return { status: row.status, response: row.response };
  }

  async record(
    manager: EntityManager,
    actor: Actor,
    mutationId: string,
    hash: Buffer,
    stored: StoredMutation<unknown>,
  ): Promise<void> {
    try {
      await manager.query(
        `INSERT INTO wiki.page_mutations (company_id, person_id, mutation_id, request_hash, status, response)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          actor.companyId,
          actor.personId,
          mutationId,
          hash,
          stored.status,
          JSON.stringify(stored.response),
        ],
      );
    } catch (error) {
      // The same id committed meanwhile for another page: this request is not that one.
      if (isUniqueViolation(error)) throw reusedError(mutationId);
      throw error;
    }
  }
}
