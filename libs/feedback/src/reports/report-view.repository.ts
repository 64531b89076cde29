import { Injectable } from '@nestjs/common';
import { all, rawQuery, type StatementRunner } from '@cw/db';
import { DataSource } from 'typeorm';
import type { FeedbackCategory, TriageStatus } from './feedback-statuses';
import type {
  AttachmentUrl,
  FeedbackProposalView,
  FeedbackReportView,
} from './feedback-report-view';

/** A report's columns as its view needs them (select with `REPORT_VIEW_COLUMNS`). */
export interface ReportRow {
  id: string;
  status: TriageStatus;
  category: FeedbackCategory;
  message: string;
  pagePath: string | null;
  submitterId: string;
  submitterEmail: string;
  submitterName: string;
  companyId: string;
  companyName: string;
  createdAt: Date;
  hasPr: boolean;
  pullRequestUrl: string | null;
  proposal: { summary: string; plan?: string | null; duplicate_of?: string | null } | null;
  proposalUpdatedAt: Date | null;
  /** The report's evidence files in position order (`reportAttachments`). */
  attachments: AttachmentRow[];
}

/** One evidence file as `reportAttachments` reads it. */
interface AttachmentRow {
  id: string;
  filename: string;
  contentType: string;
  size: number;
}

/** The `feedback.reports` column behind each field of `ReportRow` read from the row itself. */
const REPORT_ROW_COLUMNS: Readonly<Record<Exclude<keyof ReportRow, 'attachments'>, string>> = {
  id: 'id',
  status: 'status',
  category: 'category',
  message: 'message',
  pagePath: 'page_path',
  submitterId: 'submitter_id',
  submitterEmail: 'submitter_email',
  submitterName: 'submitter_name',
  companyId: 'company_id',
  companyName: 'company_name',
  createdAt: 'created_at',
  hasPr: 'has_pr',
  pullRequestUrl: 'pull_request_url',
  proposal: 'proposal',
  proposalUpdatedAt: 'proposal_updated_at',
};

const ROW_COLUMNS = Object.entries(REPORT_ROW_COLUMNS)
  .map(([field, column]) => (field === column ? column : `${column} AS "${field}"`))
  .join(', ');

/**
 * The select list of `ReportRow` over `source`: `feedback.reports` or a subquery of its
 * `REPORT_SOURCE_COLUMNS`, named so the attachments' subquery can reach the report's id. After an
 * `ORDER BY … LIMIT` PostgreSQL reads the attachments of the rows kept only.
 */
export function reportViewColumns(source: string): string {
  return `${ROW_COLUMNS}, ${reportAttachments(`${source}.id`)} AS attachments`;
}

/** The columns `reportViewColumns` reads, by their own names (for a subquery it reads from). */
export const REPORT_SOURCE_COLUMNS = Object.values(REPORT_ROW_COLUMNS).join(', ');

/** The evidence files of the report whose id is `reportId`, in position order, as a JSON array. */
function reportAttachments(reportId: string): string {
  return `(SELECT coalesce(json_agg(json_build_object('id', a.id, 'filename', a.filename,
                   'contentType', a.content_type, 'size', a.size) ORDER BY a.position), '[]')
             FROM feedback.attachments a WHERE a.feedback_id = ${reportId})`;
}

export const reportViewStatements = {
  /** Hand-written: the view's select list with its attachments' JSON subquery (`reportViewColumns`). */
  byIds: (ids: readonly string[]) =>
    rawQuery<ReportRow>(
      `SELECT ${reportViewColumns('reports')} FROM feedback.reports WHERE id = ANY($1::uuid[])`,
      [ids],
    ),
};

/** `feedback.reports` and `feedback.attachments` read as views: every route that shows reports reads here. */
@Injectable()
export class ReportViewRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The views of `ids` in the order given; unknown ids are left out. */
  async viewsByIds(
    ids: readonly string[],
    attachmentUrl: AttachmentUrl,
    runner: StatementRunner = this.dataSource,
  ): Promise<FeedbackReportView[]> {
    if (ids.length === 0) return [];
    const rows = await all(runner, reportViewStatements.byIds(ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return reportViews(
      ids.flatMap((id) => byId.get(id) ?? []),
      attachmentUrl,
    );
  }

  async viewById(
    id: string,
    attachmentUrl: AttachmentUrl,
    runner?: StatementRunner,
  ): Promise<FeedbackReportView | null> {
    const [view] = await this.viewsByIds([id], attachmentUrl, runner);
    return view ?? null;
  }
}

/** The views of rows read with `reportViewColumns`, in their order. */
export function reportViews(
  rows: readonly ReportRow[],
  attachmentUrl: AttachmentUrl,
): FeedbackReportView[] {
  return rows.map((row) => reportView(row, attachmentUrl));
}

function reportView(row: ReportRow, attachmentUrl: AttachmentUrl): FeedbackReportView {
  return {
    id: row.id,
    status: row.status,
    category: row.category,
    message: row.message,
    page_path: row.pagePath,
    user: { id: row.submitterId, email: row.submitterEmail, name: row.submitterName },
    company: { id: row.companyId, name: row.companyName },
    created_at: row.createdAt.toISOString(),
    has_pr: row.hasPr,
    pull_request_url: row.pullRequestUrl,
    attachments: row.attachments.map((file) => ({
      feedback_attachment_id: file.id,
      filename: file.filename,
      content_type: file.contentType,
      size: file.size,
      url: attachmentUrl(row.id, file.id),
    })),
    proposal: proposalView(row),
  };
}

function proposalView(row: ReportRow): FeedbackProposalView | null {
  if (!row.proposal || !row.proposalUpdatedAt) return null;
  return {
    summary: row.proposal.summary,
    plan: row.proposal.plan ?? null,
    duplicate_of: row.proposal.duplicate_of ?? null,
    updated_at: row.proposalUpdatedAt.toISOString(),
  };
}
