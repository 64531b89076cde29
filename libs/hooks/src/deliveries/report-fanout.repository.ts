import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** `hooks.report_fanouts`: the finished reports whose deliveries exist and are queued. */
@Injectable()
export class ReportFanoutRepository {
  constructor(private readonly dataSource: DataSource) {}

  async record(reportIds: readonly string[]): Promise<void> {
    if (reportIds.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO hooks.report_fanouts (report_id) SELECT unnest($1::uuid[])
       ON CONFLICT DO NOTHING`,
      [reportIds],
    );
  }

  /** Those of `reportIds` never fanned out. */
  async unrecorded(reportIds: readonly string[]): Promise<Set<string>> {
    if (reportIds.length === 0) return new Set();
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM unnest($1::uuid[]) AS ids (id)
        WHERE NOT EXISTS (SELECT 1 FROM hooks.report_fanouts f WHERE f.report_id = ids.id)`,
      [reportIds],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Forgets records older than the sweep will ever look back. */
  async prune(olderThanSeconds: number): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM hooks.report_fanouts WHERE fanned_out_at < now() - make_interval(secs => $1)`,
      [olderThanSeconds],
    );
  }
}
