import { Injectable } from '@nestjs/common';
import { AppError } from '@cw/platform';
import type { FeedbackReportView } from '../reports/feedback-report-view';
import type { TriageStatus } from '../reports/feedback-statuses';
import { inboxError } from './inbox-errors';
import { InboxReadService } from './inbox-read.service';
import { TriageRepository } from './triage.repository';

/** Operators move reports between triage statuses (rules in docs/feedback.md, "Inbox"). */
@Injectable()
export class TriageService {
  constructor(
    private readonly triage: TriageRepository,
    private readonly inbox: InboxReadService,
  ) {}

  async setStatus(feedbackId: string, status: TriageStatus): Promise<FeedbackReportView> {
    const outcome = await this.triage.setStatus(feedbackId, status);
    if (outcome === 'missing') throw AppError.notFound('No feedback report has this id.');
    if (outcome === 'reserved') {
      throw inboxError(
        'TRIAGE_STATUS_RESERVED',
        'A report enters in_progress only when an intake session claims it; set approved to queue it.',
      );
    }
    return this.inbox.report(feedbackId);
  }
}
