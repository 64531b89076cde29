import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { isUniqueViolation } from '@cw/db';
import type { AppError } from '@cw/platform';
import type { EntityManager } from 'typeorm';
import { wikiError } from '../errors/wiki-errors';
import { type PageMutationKey, PageMutationRepository } from './page-mutation.repository';

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
  constructor(private readonly mutations: PageMutationRepository) {}

  async find<T>(
    manager: EntityManager,
    actor: Actor,
    mutationId: string,
    hash: Buffer,
  ): Promise<StoredMutation<T> | null> {
    const row = await this.mutations.find(manager, keyOf(actor, mutationId));
    if (!row) return null;
    if (!row.requestHash.equals(hash)) {
      throw reusedError(mutationId);
    }
    // The response stored under this hash is the one a request of type T answered.
    return { status: row.status, response: row.response as T };
  }

  async record(
    manager: EntityManager,
    actor: Actor,
    mutationId: string,
    hash: Buffer,
    stored: StoredMutation<unknown>,
  ): Promise<void> {
    try {
      await this.mutations.insert(manager, keyOf(actor, mutationId), {
        requestHash: hash,
        status: stored.status,
        response: stored.response,
      });
    } catch (error) {
      // The same id committed meanwhile for another page: this request is not that one.
      if (isUniqueViolation(error)) throw reusedError(mutationId);
      throw error;
    }
  }
}

function keyOf(actor: Actor, mutationId: string): PageMutationKey {
  return { companyId: actor.companyId, personId: actor.personId, mutationId };
}
