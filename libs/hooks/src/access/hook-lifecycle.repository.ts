import { Injectable } from '@nestjs/common';
import { all, run } from '@cw/db';
import { sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { type HookEndedReason, hooksDb } from '../hooks-schema';
import type { HookPrincipal } from './hook-authority';

export const hookLifecycleStatements = {
  /**
   * Ends a live hook. A permanent reason also replaces `undeliverable` (which a replay could
   * reopen): a deleted callback stays deleted.
   */
  end: (id: string, reason: HookEndedReason) =>
    hooksDb
      .updateTable('hooks.hooks')
      .set({ state: sql.lit('ended'), ended_reason: reason, ended_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where((eb) =>
        reason === 'undeliverable'
          ? eb('state', '=', sql.lit('live'))
          : eb.or([
              eb('state', '=', sql.lit('live')),
              eb('ended_reason', '=', sql.lit('undeliverable')),
            ]),
      )
      .returning('id'),

  reopenUndeliverable: (id: string) =>
    hooksDb
      .updateTable('hooks.hooks')
      .set({ state: sql.lit('live'), ended_reason: sql<null>`NULL`, ended_at: sql<null>`NULL` })
      .where('id', '=', id)
      .where('state', '=', sql.lit('ended'))
      .where('ended_reason', '=', sql.lit('undeliverable')),

  liveCredentials: (filter: { credentialId: string } | { ownerId: string }) =>
    hooksDb
      .selectFrom('hooks.hooks')
      .select([
        'owner_id as ownerId',
        'company_id as companyId',
        'credential_kind as credentialKind',
        'credential_id as credentialId',
        sql<string[]>`array_agg(id)`.as('hookIds'),
      ])
      .$if('credentialId' in filter, (query) =>
        query.where('credential_id', '=', (filter as { credentialId: string }).credentialId),
      )
      .$if('ownerId' in filter, (query) =>
        query.where('owner_id', '=', (filter as { ownerId: string }).ownerId),
      )
      .where('state', '=', sql.lit('live'))
      .groupBy(['owner_id', 'company_id', 'credential_kind', 'credential_id']),

  /** An ended hook's pending deliveries are cancelled with it. */
  cancelPendingOfHook: (hookId: string) =>
    hooksDb
      .updateTable('hooks.deliveries')
      .set({
        state: sql.lit('cancelled'),
        next_attempt_at: sql<null>`NULL`,
        failure_reason: sql.lit('hook_ended'),
      })
      .where('hook_id', '=', hookId)
      .where('state', '=', sql.lit('pending')),
};

/** Hooks ending and reopening: the writes of `HookLifecycle` and of a replay. */
@Injectable()
export class HookLifecycleRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Ends a live hook; false when it had already ended. */
  async end(manager: EntityManager, id: string, reason: HookEndedReason): Promise<boolean> {
    return (await all(manager, hookLifecycleStatements.end(id, reason))).length > 0;
  }

  /** Cancels every pending delivery of an ended hook. */
  cancelPendingOfHook(manager: EntityManager, hookId: string): Promise<void> {
    return run(manager, hookLifecycleStatements.cancelPendingOfHook(hookId));
  }

  /** A callback ended as undeliverable is live again (a replay reopens it). */
  reopenUndeliverable(manager: EntityManager, id: string): Promise<void> {
    return run(manager, hookLifecycleStatements.reopenUndeliverable(id));
  }

  /** The distinct credentials live hooks were registered with, of one credential or owner. */
  liveCredentials(
    filter: { credentialId: string } | { ownerId: string },
  ): Promise<(HookPrincipal & { hookIds: string[] })[]> {
    return all(this.dataSource, hookLifecycleStatements.liveCredentials(filter));
  }
}
