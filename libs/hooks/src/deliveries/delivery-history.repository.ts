import { Injectable } from '@nestjs/common';
import { all, camelColumns, first, type StatementRunner } from '@cw/db';
import { sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { hooksDb } from '../hooks-schema';
import { DELIVERY_COLUMNS, type DeliveryRecord } from './delivery-records';

const deliveries = () =>
  hooksDb.selectFrom('hooks.deliveries').select(camelColumns(DELIVERY_COLUMNS));

export const deliveryHistoryStatements = {
  /** `limit + 1` rows tell whether more follow. */
  listOfHook: (hookId: string, limit: number, offset: number) =>
    deliveries()
      .where('hook_id', '=', hookId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset(offset),

  findOfHook: (hookId: string, deliveryId: string) =>
    deliveries().where('id', '=', deliveryId).where('hook_id', '=', hookId),

  /** Compare-and-swap on `replay_count`, from `failed` only. */
  replay: (hookId: string, deliveryId: string, observed: number) =>
    hooksDb
      .updateTable('hooks.deliveries')
      .set({
        replay_count: sql<number>`replay_count + 1`,
        round_attempts: sql.lit(0),
        attempt_number: sql<number>`attempt_number + 1`,
        state: sql.lit('pending'),
        next_attempt_at: sql<Date>`now()`,
      })
      .where('id', '=', deliveryId)
      .where('hook_id', '=', hookId)
      .where('replay_count', '=', observed)
      .where('state', '=', sql.lit('failed'))
      .returning(camelColumns(DELIVERY_COLUMNS)),
};

/** `hooks.deliveries` as a hook's owner reads and replays its history. */
@Injectable()
export class DeliveryHistoryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A window of the hook's deliveries, newest first (`limit + 1` rows tell whether more follow). */
  listOfHook(hookId: string, limit: number, offset: number): Promise<DeliveryRecord[]> {
    return all(this.dataSource, deliveryHistoryStatements.listOfHook(hookId, limit, offset));
  }

  findOfHook(
    hookId: string,
    deliveryId: string,
    runner: StatementRunner = this.dataSource,
  ): Promise<DeliveryRecord | null> {
    return first(runner, deliveryHistoryStatements.findOfHook(hookId, deliveryId));
  }

  /**
   * A replay as compare-and-swap on `replay_count`: a failed delivery whose count is still
   * `observed` goes back to pending with a fresh round of attempts and the next attempt number.
   * Null when the count moved on or the state is not `failed`.
   */
  replay(
    manager: EntityManager,
    hookId: string,
    deliveryId: string,
    observed: number,
  ): Promise<DeliveryRecord | null> {
    return first(manager, deliveryHistoryStatements.replay(hookId, deliveryId, observed));
  }
}
