import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DataSource } from 'typeorm';
import type { WorkflowReaderIdentity } from '../access/workflow-visibility.sql';
import { WorkflowRepository } from '../definitions/workflow.repository';
import type { Report } from '../reports/report';
import { ReportReader, reportUrl } from '../reports/report-reader';
import type { RunStatus } from '../runs/run-status';
import { RunListingRepository } from '../runs/run-listing.repository';
import { RunReadRepository } from '../runs/run-read.repository';

/** What another context may know of a run whose report its reader may read. */
export interface ReadableRunFacts {
  id: string;
  companyId: string;
  workflowId: string;
  status: RunStatus;
}

/** A report as a home screen lists it. */
export interface RecentReport {
  id: string;
  workflow_name: string;
  status: RunStatus;
  created_at: string;
  finished_at: string | null;
  url: string;
}

/**
 * Reports for other contexts (report hooks), always as one reader with their access as it is
 * now: whoever can see the workflow, and the person who started the run. No routes.
 */
@Injectable()
export class WorkflowReportsApi {
  constructor(
    private readonly dataSource: DataSource,
    private readonly runs: RunReadRepository,
    private readonly listing: RunListingRepository,
    private readonly reports: ReportReader,
    private readonly workflows: WorkflowRepository,
  ) {}

  async readableRun(
    reader: WorkflowReaderIdentity,
    runId: string,
  ): Promise<ReadableRunFacts | null> {
    const run = await this.runs.findReadable(reader, runId);
    return run
      ? { id: run.id, companyId: run.companyId, workflowId: run.workflowId, status: run.status }
      : null;
  }

  /** The reports (the bodies hooks receive) of these runs the reader may read now, by run id. */
  readableReports(reader: Actor, runIds: readonly string[]): Promise<Map<string, Report>> {
    return this.reports.readableReports(reader, runIds);
  }

  async readableRunIds(
    reader: WorkflowReaderIdentity,
    runIds: readonly string[],
  ): Promise<Set<string>> {
    return new Set(await this.runs.filterReadable(reader, runIds));
  }

  /** The workflow's id when the reader can see it; null otherwise. */
  async visibleWorkflowId(
    reader: WorkflowReaderIdentity,
    workflowId: string,
  ): Promise<string | null> {
    const workflow = await this.workflows.findVisible(this.dataSource.manager, reader, {
      kind: 'id',
      id: workflowId.toLowerCase(),
    });
    return workflow?.id ?? null;
  }

  /** The reports the reader may read, newest first (the `GET /api/reports` rule), at most `limit`. */
  async recentReports(reader: WorkflowReaderIdentity, limit: number): Promise<RecentReport[]> {
    const { reports } = await this.listing.listReadable(reader, {}, { limit, offset: 0 });
    return reports.map((report) => ({
      id: report.id,
      workflow_name: report.workflow_name,
      status: report.status,
      created_at: report.created_at.toISOString(),
      finished_at: report.completed_at?.toISOString() ?? null,
      url: reportUrl(report.id),
    }));
  }
}
