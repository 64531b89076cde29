import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { FeedbackCategory, TriageStatus } from './feedback-statuses';
import type {
  AttachmentUrl,
  FeedbackAttachmentView,
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
}

interface AttachmentRow {
  id: string;
  feedbackId: string;
  filename: string;
  contentType: string;
  size: number;
}

/** The `feedback.reports` column behind each field of `ReportRow`. */
const REPORT_ROW_COLUMNS: Readonly<Record<keyof ReportRow, string>> = {
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

/** The select list of `ReportRow` over `feedback.reports`. */
export const REPORT_VIEW_COLUMNS = Object.entries(REPORT_ROW_COLUMNS)
  .map(([field, column]) => (field === column ? column : `${column} AS "${field}"`))
  .join(', ');

/** The columns `REPORT_VIEW_COLUMNS` reads, by their own names (for a subquery it reads from). */
export const REPORT_SOURCE_COLUMNS = Object.values(REPORT_ROW_COLUMNS).join(', ');

/** `feedback.reports` and `feedback.attachments` read as views: every route that shows reports reads here. */
@Injectable()
export class ReportViewRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The views of `ids` in the order given; unknown ids are left out. */
  async viewsByIds(
    ids: readonly string[],
    attachmentUrl: AttachmentUrl,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<FeedbackReportView[]> {
    if (ids.length === 0) return [];
    const [rows, attachments] = await Promise.all([
      manager.query<ReportRow[]>(
        `SELECT ${REPORT_VIEW_COLUMNS} FROM feedback.reports WHERE id = ANY($1::uuid[])`,
        [ids],
      ),
      this.attachmentsOf(ids, manager),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = ids.flatMap((id) => byId.get(id) ?? []);
    return viewsOf(ordered, attachments, attachmentUrl);
  }

  /** The views of rows already read (in their order), with their attachments. */
  async viewsOfRows(
    rows: readonly ReportRow[],
    attachmentUrl: AttachmentUrl,
  ): Promise<FeedbackReportView[]> {
    if (rows.length === 0) return [];
    const attachments = await this.attachmentsOf(
      rows.map((row) => row.id),
      this.dataSource.manager,
    );
    return viewsOf(rows, attachments, attachmentUrl);
  }

  private attachmentsOf(ids: readonly string[], manager: EntityManager): Promise<AttachmentRow[]> {
    return manager.query(
      `SELECT id, feedback_id AS "feedbackId", filename, content_type AS "contentType", size
         FROM feedback.attachments WHERE feedback_id = ANY($1::uuid[])
        ORDER BY feedback_id, position`,
      [ids],
    );
  }

  async viewById(
    id: string,
    attachmentUrl: AttachmentUrl,
    manager?: EntityManager,
  ): Promise<FeedbackReportView | null> {
    const [view] = await this.viewsByIds([id], attachmentUrl, manager);
    return view ?? null;
  }
}

function viewsOf(
  rows: readonly ReportRow[],
  attachments: readonly AttachmentRow[],
  attachmentUrl: AttachmentUrl,
): FeedbackReportView[] {
  const filesOf = new Map<string, FeedbackAttachmentView[]>();
  for (const file of attachments) {
    const list = filesOf.get(file.feedbackId) ?? [];
    list.push({
      feedback_attachment_id: file.id,
      filename: file.filename,
      content_type: file.contentType,
      size: file.size,
      url: attachmentUrl(file.feedbackId, file.id),
    });
    filesOf.set(file.feedbackId, list);
  }
  return rows.map((row) => reportView(row, filesOf.get(row.id) ?? []));
}

function reportView(row: ReportRow, attachments: FeedbackAttachmentView[]): FeedbackReportView {
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
    attachments,
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
