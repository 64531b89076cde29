import { Injectable } from '@nestjs/common';
import { all, run } from '@cw/db';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { hooksDb } from '../hooks-schema';

export const reportFanoutStatements = {
  record: (reportIds: readonly string[]) =>
    hooksDb
      .insertInto('hooks.report_fanouts')
      .columns(['report_id'])
      .expression(sql`SELECT unnest(${reportIds}::uuid[])`)
      .onConflict((conflict) => conflict.doNothing()),

  /** Hand-written: the given ids that have no row (the builder cannot select from a list). */
  unrecorded: (reportIds: readonly string[]) => sql<{ id: string }>`
    SELECT id FROM unnest(${reportIds}::uuid[]) AS ids (id)
     WHERE NOT EXISTS (SELECT 1 FROM hooks.report_fanouts f WHERE f.report_id = ids.id)`,

  prune: (olderThanSeconds: number) =>
    hooksDb
      .deleteFrom('hooks.report_fanouts')
      .where('fanned_out_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`),
};

/** `hooks.report_fanouts`: the finished reports whose deliveries exist and are queued. */
@Injectable()
export class ReportFanoutRepository {
  constructor(private readonly dataSource: DataSource) {}

  async record(reportIds: readonly string[]): Promise<void> {
    if (reportIds.length === 0) return;
    await run(this.dataSource, reportFanoutStatements.record(reportIds));
  }

  /** Those of `reportIds` never fanned out. */
  async unrecorded(reportIds: readonly string[]): Promise<Set<string>> {
    if (reportIds.length === 0) return new Set();
    const rows = await all(this.dataSource, reportFanoutStatements.unrecorded(reportIds));
    return new Set(rows.map((row) => row.id));
  }

  /** Forgets records older than the sweep will ever look back. */
  prune(olderThanSeconds: number): Promise<void> {
    return run(this.dataSource, reportFanoutStatements.prune(olderThanSeconds));
  }
}
