import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DirectoryService } from '@cw/identity/credentials';
import { AppError, ErrorCode } from '@cw/platform';
import { EVIDENCE_STORE, type EvidenceStore } from '../evidence/evidence-store';
import type { TriageStatus } from '../reports/feedback-statuses';
import type { SubmitFeedbackDto } from './dtos/submit-feedback.dto';
import { SubmissionConfig } from './submission.config';
import {
  type InsertOutcome,
  type NewAttachment,
  SubmissionRepository,
} from './submission.repository';

export interface SubmittedFeedbackView {
  id: string;
  status: TriageStatus;
}

/** Where a report's evidence file is stored: under the report's id. */
export function evidenceKey(feedbackId: string, attachmentId: string): string {
  return `reports/${feedbackId}/${attachmentId}`;
}

/**
 * Files a report for the signed-in person, with the submitter and company as they are now.
 * Evidence bytes are stored first and the rows written after, in one transaction, so a row
 * never names missing bytes; bytes whose rows were not written are removed again.
 */
@Injectable()
export class FeedbackSubmissionService {
  private readonly logger = new Logger(FeedbackSubmissionService.name);

  constructor(
    private readonly directory: DirectoryService,
    private readonly submissions: SubmissionRepository,
    @Inject(EVIDENCE_STORE) private readonly evidence: EvidenceStore,
    private readonly config: SubmissionConfig,
  ) {}

  async submit(actor: Actor, body: SubmitFeedbackDto): Promise<SubmittedFeedbackView> {
    const submissionId = body.submission_id ?? null;
    if (submissionId) {
      const earlier = await this.submissions.findBySubmission(actor.personId, submissionId);
      if (earlier) return earlier;
    }
    const [person, company] = await Promise.all([
      this.directory.personById(actor.personId),
      this.directory.companyById(actor.companyId),
    ]);
    if (!person || !company) throw AppError.authRequired('The signed-in person no longer exists.');
    // Checked again under the person's lock when the rows are written; this spares the store.
    const perHour = this.config.FEEDBACK_SUBMISSIONS_PER_HOUR;
    const fullFor = await this.submissions.hourFullFor(actor.personId, perHour);
    if (fullFor !== null) throw hourFull(perHour, fullFor);

    const id = randomUUID();
    const attachments: (NewAttachment & { bytes: Buffer })[] = (body.attachments ?? []).map(
      (file, position) => {
        const bytes = Buffer.from(file.data_base64, 'base64');
        const attachmentId = randomUUID();
        return {
          id: attachmentId,
          position,
          filename: file.filename,
          contentType: file.content_type,
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest(),
          storageKey: evidenceKey(id, attachmentId),
          bytes,
        };
      },
    );

    const stored: string[] = [];
    let outcome: InsertOutcome | undefined;
    try {
      for (const file of attachments) {
        stored.push(file.storageKey);
        await this.evidence.put(file.storageKey, file.bytes, file.contentType);
      }
      outcome = await this.submissions.insert(
        {
          id,
          companyId: company.id,
          companyName: company.name,
          submitterId: person.id,
          submitterEmail: person.email,
          submitterName: person.name,
          submissionId,
          category: body.category,
          message: body.message,
          pagePath: body.page_path ?? null,
        },
        attachments,
        perHour,
      );
    } finally {
      if (outcome !== 'written') await this.removeEvidence(stored);
    }
    if (outcome === 'written') return { id, status: 'new' };
    if (typeof outcome === 'object') throw hourFull(perHour, outcome.hourFullForSeconds);
    // A concurrent submission with the same retry key won the insert: its report is the answer.
    const winner = await this.submissions.findBySubmission(actor.personId, submissionId!);
    if (!winner) throw new Error('retry key taken but its report is missing');
    return winner;
  }

  private async removeEvidence(keys: readonly string[]): Promise<void> {
    const removals = await Promise.allSettled(keys.map((key) => this.evidence.delete(key)));
    for (const [index, removal] of removals.entries()) {
      if (removal.status === 'rejected') {
        this.logger.warn(
          `evidence ${keys[index]} of an unwritten report could not be removed: ${String(removal.reason)}`,
        );
      }
    }
  }
}

function hourFull(perHour: number, retryAfterSeconds: number): AppError {
  return new AppError(
    ErrorCode.RateLimited,
    `You filed ${perHour} reports in the last hour, the most allowed (FEEDBACK_SUBMISSIONS_PER_HOUR). Nothing was filed; retry after ${retryAfterSeconds} s.`,
    {
      headers: { 'Retry-After': String(retryAfterSeconds) },
      details: { limit: perHour, window_seconds: 3600, retry_after_seconds: retryAfterSeconds },
    },
  );
}
