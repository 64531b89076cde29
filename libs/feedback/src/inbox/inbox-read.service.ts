import { Inject, Injectable } from '@nestjs/common';
import { DirectoryService } from '@cw/identity/credentials';
import { AppError } from '@cw/platform';
import {
  EVIDENCE_STORE,
  type EvidenceStore,
  type StoredEvidence,
} from '../evidence/evidence-store';
import { type FeedbackReportView, inboxAttachmentUrl } from '../reports/feedback-report-view';
import { ReportViewRepository, reportViews } from '../reports/report-view.repository';
import type { InboxFilterQueryDto, InboxListQueryDto } from './dtos/inbox-query.dto';
import type { InboxFilter, InboxOrder } from './inbox-filter';
import { type InboxIdRow, InboxQueryRepository } from './inbox-query.repository';
import { InboxAttachmentRepository } from './inbox-attachment.repository';

export interface InboxListView {
  reports: FeedbackReportView[];
  total: number;
  offset: number;
  limit: number;
  has_more: boolean;
}

export interface InboxIdsView {
  reports: InboxIdRow[];
  total: number;
}

export interface EvidenceDownload {
  filename: string;
  contentType: string;
  size: number;
  body: StoredEvidence['body'];
}

const isLegacyId = (ref: string): boolean => /^[0-9]+$/.test(ref);

/** The operators' inbox: filtered pages, the ids of the whole filtered set, evidence files. */
@Injectable()
export class InboxReadService {
  constructor(
    private readonly queries: InboxQueryRepository,
    private readonly views: ReportViewRepository,
    private readonly attachments: InboxAttachmentRepository,
    private readonly directory: DirectoryService,
    @Inject(EVIDENCE_STORE) private readonly evidence: EvidenceStore,
  ) {}

  async list(query: InboxListQueryDto): Promise<InboxListView> {
    const filter = await this.filterOf(query);
    const page = await this.queries.page(filter, orderOf(query), query.limit, query.offset);
    return {
      reports: reportViews(page.rows, inboxAttachmentUrl),
      total: page.total,
      offset: query.offset,
      limit: query.limit,
      has_more: query.offset + page.rows.length < page.total,
    };
  }

  async ids(query: InboxFilterQueryDto): Promise<InboxIdsView> {
    const reports = await this.queries.ids(await this.filterOf(query), orderOf(query));
    return { reports, total: reports.length };
  }

  async report(feedbackId: string): Promise<FeedbackReportView> {
    const view = await this.views.viewById(feedbackId, inboxAttachmentUrl);
    if (!view) throw AppError.notFound('No feedback report has this id.');
    return view;
  }

  async download(feedbackId: string, attachmentId: string): Promise<EvidenceDownload> {
    const file = await this.attachments.find(feedbackId, attachmentId);
    const stored = file && (await this.evidence.get(file.storageKey));
    if (!file || !stored) throw AppError.notFound('This report has no such evidence file.');
    return {
      filename: file.filename,
      contentType: file.contentType,
      size: stored.size,
      body: stored.body,
    };
  }

  private async filterOf(query: InboxFilterQueryDto): Promise<InboxFilter> {
    const companySets: string[][] = [];
    if (query.company_id !== undefined && !query.all_companies) {
      companySets.push(await this.companyIdsOf([query.company_id]));
    }
    if (query.company_ids !== undefined) {
      companySets.push(await this.companyIdsOf(query.company_ids));
    }
    return {
      statuses: query.status ?? null,
      categories: query.category ?? null,
      companySets,
      page: query.page ?? null,
      search: query.search ? query.search.toLowerCase() : null,
      createdAfter: query.created_after ? new Date(query.created_after) : null,
      createdBefore: query.created_before ? new Date(query.created_before) : null,
      hasPr: query.has_pr ?? null,
    };
  }

  /** UUIDs as given, legacy integer ids resolved through identity (unknown ones drop out). */
  private async companyIdsOf(refs: readonly string[]): Promise<string[]> {
    const legacy = refs.filter(isLegacyId);
    const resolved = await this.directory.companyIdsByLegacyIds(legacy);
    return [...refs.filter((ref) => !isLegacyId(ref)).map((ref) => ref.toLowerCase()), ...resolved];
  }
}

function orderOf(query: InboxFilterQueryDto): InboxOrder {
  return { sort: query.sort, direction: query.direction };
}
