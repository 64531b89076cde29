import { Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@cw/platform';
import { proposalAttachmentUrl } from '../../reports/feedback-report-view';
import { ReportViewRepository } from '../../reports/report-view.repository';
import type { EvidenceFile } from '../evidence-file';
import type { ProposalDto } from './dtos/store-proposal.dto';
import { ProposalRepository } from './proposal.repository';
import type {
  PendingProposalsView,
  ProposalSearchView,
  StoredProposalView,
} from './proposal-views';

function refusedField(field: string, message: string): AppError {
  return new AppError(ErrorCode.BadRequest, message, { details: { field } });
}

/** What proposal agents read (pending reports, possible duplicates, evidence) and store. */
@Injectable()
export class ProposalService {
  constructor(
    private readonly proposals: ProposalRepository,
    private readonly views: ReportViewRepository,
  ) {}

  async pending(after: string | undefined, limit: number): Promise<PendingProposalsView> {
    if (after !== undefined && !(await this.proposals.exists(after))) {
      throw refusedField(
        'after',
        'No report has the id given as `after`: pass the `next_after` of the previous page, or leave it out to start at the oldest.',
      );
    }
    const ids = await this.proposals.pendingIds(after ?? null, limit);
    const page = ids.slice(0, limit);
    return {
      reports: await this.views.viewsByIds(page, proposalAttachmentUrl),
      next_after: ids.length > limit ? page[page.length - 1] : null,
    };
  }

  async search(q: string, limit: number, offset: number): Promise<ProposalSearchView> {
    const { ids, total } = await this.proposals.search(q, limit, offset);
    return {
      reports: await this.views.viewsByIds(ids, proposalAttachmentUrl),
      total,
      offset,
      limit,
    };
  }

  async attachment(feedbackId: string, attachmentId: string): Promise<EvidenceFile> {
    const file = await this.proposals.attachmentOf(feedbackId, attachmentId);
    if (!file) throw AppError.notFound('No such report, or the report has no such evidence file.');
    return file;
  }

  /** Replaces the report's proposal; nothing else about the report changes. */
  async store(feedbackId: string, proposal: ProposalDto): Promise<StoredProposalView> {
    const duplicateOf = proposal.duplicate_of ?? null;
    if (duplicateOf === feedbackId) {
      throw refusedField('proposal.duplicate_of', 'A report cannot duplicate itself.');
    }
    if (duplicateOf !== null && !(await this.proposals.exists(duplicateOf))) {
      throw refusedField('proposal.duplicate_of', 'No report has the id given as duplicate_of.');
    }
    const stored = {
      summary: proposal.summary,
      plan: proposal.plan ?? null,
      duplicate_of: duplicateOf,
    };
    const updatedAt = await this.proposals.store(feedbackId, stored);
    if (!updatedAt) throw AppError.notFound('No such report.');
    return {
      feedback_id: feedbackId,
      proposal: { ...stored, updated_at: updatedAt.toISOString() },
    };
  }
}
