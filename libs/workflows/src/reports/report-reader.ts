import { Injectable, Optional } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import type { StepRecord } from '../runs/run-status';
import { RunStepRepository } from '../runs/run-step.repository';
import { type ReportListFilter, RunListingRepository } from '../runs/run-listing.repository';
import { type ReadableRun, RunReadRepository } from '../runs/run-read.repository';
import { buildReport, buildRunView, type ReportSource } from './build-report';
import { DeliveryReceiptSource } from './delivery-receipt-source';
import type { DeliveryReceipt, Report, RunView } from './report';

export const DEFAULT_REPORT_LIST_LIMIT = 50;

export interface ReportList {
  reports: {
    id: string;
    status: string;
    workflow_name: string;
    created_at: string;
    completed_at: string | null;
  }[];
  total: number;
  offset: number;
  limit: number;
  has_more: boolean;
}

export const reportUrl = (runId: string): string => `/api/reports/${runId}`;

function sourceOf(
  run: ReadableRun,
  records: StepRecord[],
  receipts: DeliveryReceipt[],
): ReportSource {
  return {
    runId: run.id,
    workflow: run.workflow,
    title: run.title,
    status: run.status,
    runError: run.error,
    createdAt: run.createdAt,
    completedAt: run.completedAt,
    definition: run.definition,
    records,
    receipts,
  };
}

/**
 * Reports and run views for their readers: whoever sees the workflow, and the person who
 * started the run. Others get 404, as if the run did not exist.
 */
@Injectable()
export class ReportReader {
  constructor(
    private readonly runs: RunReadRepository,
    private readonly listing: RunListingRepository,
    private readonly steps: RunStepRepository,
    @Optional() private readonly receipts?: DeliveryReceiptSource,
  ) {}

  async report(actor: Actor, runId: string): Promise<Report> {
    return buildReport(await this.source(actor, runId));
  }

  /** The reports of these runs as `actor` may read them now, by run id; the others left out. */
  async readableReports(actor: Actor, runIds: readonly string[]): Promise<Map<string, Report>> {
    if (runIds.length === 0) return new Map();
    // Steps and receipts are read beside the runs rather than after them (one wait instead of
    // two); those of runs the reader may not read are dropped unseen.
    const [runs, records, receipts] = await Promise.all([
      this.runs.findReadableMany(actor, runIds),
      this.steps.findRecordsOfRuns(runIds),
      this.receiptsOf(actor, runIds, true),
    ]);
    return new Map(
      runs.map((run) => [
        run.id,
        buildReport(sourceOf(run, records.get(run.id) ?? [], receipts.get(run.id) ?? [])),
      ]),
    );
  }

  async runView(actor: Actor, runId: string): Promise<RunView> {
    return buildRunView(await this.source(actor, runId, false), reportUrl(runId));
  }

  async list(
    actor: Actor,
    filter: ReportListFilter,
    page: { limit?: number; offset?: number },
  ): Promise<ReportList> {
    const limit = page.limit ?? DEFAULT_REPORT_LIST_LIMIT;
    const offset = page.offset ?? 0;
    const { reports, total } = await this.listing.listReadable(actor, filter, { limit, offset });
    return {
      reports: reports.map((report) => ({
        ...report,
        created_at: report.created_at.toISOString(),
        completed_at: report.completed_at?.toISOString() ?? null,
      })),
      total,
      offset,
      limit,
      has_more: offset + reports.length < total,
    };
  }

  private async source(actor: Actor, runId: string, withReceipts = true): Promise<ReportSource> {
    const run = await this.runs.findReadable(actor, runId);
    if (!run) throw AppError.notFound('No report with that id is readable by you.');
    return this.sourceOfRun(actor, run, withReceipts);
  }

  private async sourceOfRun(
    actor: Actor,
    run: ReadableRun,
    withReceipts = true,
  ): Promise<ReportSource> {
    const [records, receipts] = await Promise.all([
      this.steps.findRecords(run.id),
      this.receiptsOf(actor, [run.id], withReceipts),
    ]);
    return sourceOf(run, records, receipts.get(run.id) ?? []);
  }

  private async receiptsOf(
    actor: Actor,
    runIds: readonly string[],
    wanted: boolean,
  ): Promise<Map<string, DeliveryReceipt[]>> {
    return wanted && this.receipts ? this.receipts.receiptsOf(actor, runIds) : new Map();
  }
}
