import { Injectable } from '@nestjs/common';
import { AppError, validationError } from '@cw/platform';
import { DataSource } from 'typeorm';
import { STATUS_AFTER_OUTCOME } from '../../reports/feedback-statuses';
import { intakeAttachmentUrl } from '../../reports/feedback-report-view';
import { ReportViewRepository } from '../../reports/report-view.repository';
import type { EvidenceFile } from '../evidence-file';
import { intakeError } from '../intake-errors';
import { LEASE_SECONDS } from './dtos/claim.dto';
import type { ResultDto } from './dtos/result.dto';
import type {
  ClaimView,
  IntakeResultView,
  LeaseRenewedView,
  PlanRecordedView,
  StartedView,
} from './intake-views';
import { hashLeaseToken, LEASE_TOKEN_HEADER, mintLeaseToken } from './lease-token';
import { LeaseRepository, type RecordedResult } from './lease.repository';

function leaseNotHeld(): AppError {
  return intakeError(
    'LEASE_NOT_HELD',
    `The ${LEASE_TOKEN_HEADER} is not this report’s live lease: it expired, was released by a result, or another session claimed the report. Stop working on it and claim again.`,
  );
}

function sameResult(recorded: RecordedResult, requested: RecordedResult): boolean {
  return (
    recorded.outcome === requested.outcome &&
    recorded.note === requested.note &&
    (requested.pullRequestUrl === null || recorded.pullRequestUrl === requested.pullRequestUrl)
  );
}

function resultView(feedbackId: string, result: RecordedResult): IntakeResultView {
  return {
    feedback_id: feedbackId,
    outcome: result.outcome,
    status: STATUS_AFTER_OUTCOME[result.outcome],
    pull_request_url: result.pullRequestUrl,
    note: result.note,
  };
}

/** The intake sequence: claim a lease, then plan, started and result while it is live. */
@Injectable()
export class IntakeService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly leases: LeaseRepository,
    private readonly views: ReportViewRepository,
  ) {}

  /**
   * Leases the oldest approved report. Expired leases go back to the queue first, in the same
   * transaction, so a report whose holder vanished is claimable at once.
   */
  claim(sessionId: string, leaseSeconds: number = LEASE_SECONDS.default): Promise<ClaimView> {
    const { token, hash } = mintLeaseToken();
    return this.dataSource.transaction(async (manager) => {
      await this.leases.returnExpired(manager);
      const claimed = await this.leases.claimOldestApproved(sessionId, hash, leaseSeconds, manager);
      if (!claimed) return { feedback: null, queue: 'empty' };
      const feedback = await this.views.viewById(claimed.id, intakeAttachmentUrl, manager);
      return {
        feedback: feedback!,
        lease_token: token,
        lease_expires_at: claimed.leaseExpiresAt.toISOString(),
      };
    });
  }

  async plan(feedbackId: string, leaseToken: string, plan: string): Promise<PlanRecordedView> {
    const recorded = await this.leases.recordPlan(feedbackId, hashLeaseToken(leaseToken), plan);
    if (!recorded) throw leaseNotHeld();
    return {
      feedback_id: feedbackId,
      plan_updated_at: recorded.planUpdatedAt.toISOString(),
      lease_expires_at: recorded.leaseExpiresAt.toISOString(),
    };
  }

  /** Extends the lease `leaseSeconds` from now; renewing again is safe (never shortens it). */
  async renew(
    feedbackId: string,
    leaseToken: string,
    leaseSeconds: number,
  ): Promise<LeaseRenewedView> {
    const renewed = await this.leases.renew(feedbackId, hashLeaseToken(leaseToken), leaseSeconds);
    if (!renewed) throw leaseNotHeld();
    return { feedback_id: feedbackId, lease_expires_at: renewed.leaseExpiresAt.toISOString() };
  }

  async started(feedbackId: string, leaseToken: string): Promise<StartedView> {
    const recorded = await this.leases.recordStarted(feedbackId, hashLeaseToken(leaseToken));
    if (!recorded) throw leaseNotHeld();
    return {
      feedback_id: feedbackId,
      started_at: recorded.startedAt.toISOString(),
      lease_expires_at: recorded.leaseExpiresAt.toISOString(),
    };
  }

  /**
   * Ends the lease with its outcome. The same result sent again with the same token (its answer
   * was lost) gets the same answer; any other result with a released token is LEASE_NOT_HELD.
   */
  async result(feedbackId: string, leaseToken: string, body: ResultDto): Promise<IntakeResultView> {
    if (body.outcome !== 'pull_request' && body.pull_request_url !== undefined) {
      throw validationError([
        {
          field: 'pull_request_url',
          message: 'pull_request_url goes only with outcome pull_request',
        },
      ]);
    }
    const hash = hashLeaseToken(leaseToken);
    const requested: RecordedResult = {
      outcome: body.outcome,
      status: STATUS_AFTER_OUTCOME[body.outcome],
      pullRequestUrl: body.pull_request_url ?? null,
      note: body.note ?? null,
    };
    const recorded = await this.leases.recordResult(feedbackId, hash, requested);
    if (recorded) return resultView(feedbackId, recorded);
    const released = await this.leases.releasedResult(feedbackId, hash);
    if (released && sameResult(released, requested)) return resultView(feedbackId, released);
    throw leaseNotHeld();
  }

  /** One evidence file of the leased report. */
  async attachment(
    feedbackId: string,
    leaseToken: string,
    attachmentId: string,
  ): Promise<EvidenceFile> {
    const held = await this.leases.heldAttachment(
      feedbackId,
      hashLeaseToken(leaseToken),
      attachmentId,
    );
    if (!held.held) throw leaseNotHeld();
    if (!held.file) throw AppError.notFound('This report has no such evidence file.');
    return held.file;
  }
}
