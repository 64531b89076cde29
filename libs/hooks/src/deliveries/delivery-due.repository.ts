import { Injectable } from '@nestjs/common';
import { all } from '@cw/db';
import type { NotNull } from 'kysely';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { hooksDb } from '../hooks-schema';
import { DUE_SELECTION, type DueAttempt } from './delivery-records';

export const deliveryDueStatements = {
  /** Plainly `state = 'pending'`: this one should go by the partial index of pending rows. */
  findOverdue: (graceSeconds: number, limit: number, offset: number) =>
    hooksDb
      .selectFrom('hooks.deliveries')
      .select(DUE_SELECTION)
      .$narrowType<{ nextAttemptAt: NotNull }>()
      .where('state', '=', sql.lit('pending'))
      .where('next_attempt_at', '<', sql<Date>`now() - make_interval(secs => ${graceSeconds})`)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .offset(offset),
};

/** `hooks.deliveries` for the reconciler: pending attempts whose queue job may be lost. */
@Injectable()
export class DeliveryDueRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Pending attempts due more than `graceSeconds` ago: their job may have been lost. */
  findOverdue(graceSeconds: number, limit: number, offset = 0): Promise<DueAttempt[]> {
    return all(this.dataSource, deliveryDueStatements.findOverdue(graceSeconds, limit, offset));
  }
}
