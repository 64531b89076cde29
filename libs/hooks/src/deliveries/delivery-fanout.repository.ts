import { Injectable } from '@nestjs/common';
import { all, run, type StatementRunner } from '@cw/db';
import type { NotNull } from 'kysely';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { hooksDb } from '../hooks-schema';
import { DUE_SELECTION, type DueAttempt, stillPending } from './delivery-records';

export const deliveryFanoutStatements = {
  insertForReport: (hookIds: readonly string[], reportId: string) =>
    hooksDb
      .insertInto('hooks.deliveries')
      .columns(['hook_id', 'report_id', 'next_attempt_at'])
      .expression(
        sql`SELECT hook_id, ${reportId}::uuid, now() FROM unnest(${hookIds}::uuid[]) AS hook_id`,
      )
      .onConflict((conflict) => conflict.columns(['hook_id', 'report_id']).doNothing()),

  pendingForReport: (reportId: string, hookIds: readonly string[]) =>
    hooksDb
      .selectFrom('hooks.deliveries')
      .select(DUE_SELECTION)
      .$narrowType<{ nextAttemptAt: NotNull }>()
      .where('report_id', '=', reportId)
      .where(sql<boolean>`hook_id = ANY(${hookIds}::uuid[])`)
      .where(stillPending('state')),
};

/** `hooks.deliveries` as a finished report fans out: one delivery per matching hook. */
@Injectable()
export class DeliveryFanoutRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One pending delivery per hook for the report; hooks that already have one keep theirs. */
  async insertForReport(
    runner: StatementRunner,
    hookIds: readonly string[],
    reportId: string,
  ): Promise<void> {
    if (hookIds.length === 0) return;
    await run(runner, deliveryFanoutStatements.insertForReport(hookIds, reportId));
  }

  /** The pending deliveries of the report to these hooks, with the attempt each waits for. */
  async pendingForReport(reportId: string, hookIds: readonly string[]): Promise<DueAttempt[]> {
    if (hookIds.length === 0) return [];
    return all(this.dataSource, deliveryFanoutStatements.pendingForReport(reportId, hookIds));
  }
}
