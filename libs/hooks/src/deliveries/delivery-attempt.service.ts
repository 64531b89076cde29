import { Injectable } from '@nestjs/common';
import { NaturalBatcher } from '@cw/queue';
import type { Report } from '@cw/workflows/reports';
import { DataSource } from 'typeorm';
import { HookLifecycle } from '../access/hook-lifecycle';
import { HooksConfig } from '../hooks.config';
import { deliveryHeaders, type SigningMaterial } from '../signing/sign-delivery';
import { SigningMaterials } from '../signing/signing-materials';
import {
  type RetryPolicy,
  type SendResult,
  type Settlement,
  settleAttempt,
} from './attempt-outcome';
import { type AttemptRecord, DeliveryAttemptRepository } from './delivery-attempt.repository';
import {
  type CancelReason,
  DeliverySettlementRepository,
  type RecordedSettlement,
} from './delivery-settlement.repository';
import { attemptKey, type AttemptRef, type DueAttempt } from './delivery-records';
import { DeliveryQueue } from './jobs/delivery-queue';
import { type OwnerReport, OwnerReportReads } from './owner-report-reads';
import { HookSender } from './sending/hook-sender';

/**
 * How one job ended: a settled attempt, a cancelled delivery, or an attempt another worker (or a
 * replay) had already moved past: its result was not recorded.
 */
export type AttemptEnd = Settlement['state'] | 'cancelled' | 'superseded';

/** An attempt's row, and its report as the hook's owner reads it now (null: the hook is not live). */
interface ReadAttempt {
  attempt: AttemptRecord;
  read: OwnerReport | null;
}

/** The most attempts one batched read or write handles; more in flight make batches side by side. */
const ATTEMPTS_PER_BATCH = 64;

function recorded(settlement: Settlement): RecordedSettlement {
  switch (settlement.state) {
    case 'delivered':
      return { state: 'delivered' };
    case 'pending':
      return {
        state: 'pending',
        failureReason: settlement.failureReason,
        retryInSeconds: settlement.retryInSeconds,
      };
    case 'failed':
      return {
        state: 'failed',
        failureReason: settlement.failureReason,
        networkAttempt: settlement.networkAttempt,
      };
  }
}

/**
 * One attempt of one delivery, as its queue job asks: re-check the hook, its credential's
 * authority and the owner's access to the report, rebuild the report as the owner reads it now
 * (these reads in one batch with the other attempts in flight), sign it, send it, and record the
 * result fenced on the attempt number (a worker that lost the attempt to a newer one, or to a
 * replay, changes nothing).
 */
@Injectable()
export class DeliveryAttemptService {
  private readonly policy: RetryPolicy;
  /** Attempts in flight at once read their rows and reports, and record a delivery, in batches. */
  private readonly attemptReads: NaturalBatcher<AttemptRef, ReadAttempt | null>;
  private readonly deliveredWrites: NaturalBatcher<AttemptRef & { attemptedAt: Date }, boolean>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly attempts: DeliveryAttemptRepository,
    private readonly settlements: DeliverySettlementRepository,
    private readonly lifecycle: HookLifecycle,
    private readonly ownerReports: OwnerReportReads,
    private readonly signingMaterials: SigningMaterials,
    private readonly sender: HookSender,
    private readonly queue: DeliveryQueue,
    config: HooksConfig,
  ) {
    this.policy = {
      baseSeconds: config.HOOKS_RETRY_BASE_SECONDS,
      maxSeconds: config.HOOKS_RETRY_MAX_SECONDS,
    };
    this.attemptReads = new NaturalBatcher(
      (wanted) => this.readAttempts(wanted),
      ATTEMPTS_PER_BATCH,
    );
    this.deliveredWrites = new NaturalBatcher(async (attempts) => {
      const recorded = await settlements.settleDelivered(dataSource.manager, attempts);
      // Two workers on one attempt in one batch: the row changed once, one of them recorded it.
      const answered = new Set<string>();
      return attempts.map((each) => {
        const key = attemptKey(each);
        const first = recorded.has(key) && !answered.has(key);
        answered.add(key);
        return first;
      });
    }, ATTEMPTS_PER_BATCH);
  }

  async attempt(deliveryId: string, attemptNumber: number): Promise<AttemptEnd> {
    const found = await this.attemptReads.add({ deliveryId, attemptNumber });
    if (!found) return 'superseded';
    const { attempt, read } = found;
    if (attempt.hook.state !== 'live' || !read) return this.cancel(attempt, 'hook_ended');
    if (read.kind === 'authority_ended') {
      await this.lifecycle.endNow(attempt.hook.id, 'credential_ended');
      return 'cancelled';
    }
    if (read.kind === 'unreadable') return this.cancel(attempt, 'report_unavailable');

    const attemptedAt = new Date();
    const settlement = settleAttempt(
      await this.send(attempt, read.report, attemptedAt),
      attempt.roundAttempts,
      this.policy,
    );
    const result = await this.record(attempt, attemptedAt, settlement);
    if (!result.settled) return 'superseded';
    if (result.next) await this.queue.enqueueOrLeave([result.next]);
    return settlement.state;
  }

  /** The attempts' rows and, for those of live hooks, their reports as the owners read them now. */
  private async readAttempts(wanted: readonly AttemptRef[]): Promise<(ReadAttempt | null)[]> {
    const found = await this.attempts.findAttempts(wanted);
    const attempts = wanted.map((each) => found.get(attemptKey(each)) ?? null);
    const live = attempts.filter(
      (attempt): attempt is AttemptRecord => attempt?.hook.state === 'live',
    );
    const reads = await this.ownerReports.readAll(
      live.map((attempt) => ({ hook: attempt.hook, reportId: attempt.reportId })),
    );
    const readOf = new Map(live.map((attempt, index) => [attempt, reads[index]]));
    return attempts.map((attempt) => attempt && { attempt, read: readOf.get(attempt) ?? null });
  }

  /** Records the settled attempt, fenced on its number; a failure may end the hook with it. */
  private async record(
    attempt: AttemptRecord,
    attemptedAt: Date,
    settlement: Settlement,
  ): Promise<{ settled: boolean; next?: DueAttempt }> {
    const { deliveryId, attemptNumber } = attempt;
    switch (settlement.state) {
      case 'delivered':
        // With the other deliveries settling now: one fenced statement for them all.
        return {
          settled: await this.deliveredWrites.add({ deliveryId, attemptNumber, attemptedAt }),
        };
      case 'pending':
        // One fenced statement: no transaction around it (two round trips fewer per attempt).
        return this.settlements.settle(
          this.dataSource.manager,
          deliveryId,
          attemptNumber,
          attemptedAt,
          recorded(settlement),
        );
      case 'failed':
        return this.dataSource.transaction(async (manager) => {
          const recordedResult = await this.settlements.settle(
            manager,
            deliveryId,
            attemptNumber,
            attemptedAt,
            recorded(settlement),
          );
          if (recordedResult.settled) {
            if (settlement.endsHook) {
              await this.lifecycle.end(manager, attempt.hook.id, 'receiver_gone');
            } else if (attempt.hook.kind === 'callback') {
              await this.lifecycle.end(manager, attempt.hook.id, 'undeliverable');
            }
          }
          return recordedResult;
        });
    }
  }

  private async send(
    attempt: AttemptRecord,
    report: Report,
    attemptedAt: Date,
  ): Promise<SendResult> {
    let material: SigningMaterial | null = null;
    if (attempt.hook.signed) {
      material = attempt.key ? this.signingMaterials.of(attempt.key) : null;
      if (!material) return { kind: 'signing_key_unavailable' };
    }
    const body = Buffer.from(JSON.stringify(report), 'utf8');
    const headers = deliveryHeaders(
      { deliveryId: attempt.deliveryId, hookId: attempt.hook.id },
      material,
      Math.floor(attemptedAt.getTime() / 1000),
      body,
    );
    return this.sender.send(attempt.hook.targetUrl, headers, body);
  }

  private async cancel(attempt: AttemptRecord, reason: CancelReason): Promise<AttemptEnd> {
    await this.settlements.cancelAttempt(
      this.dataSource.manager,
      attempt.deliveryId,
      attempt.attemptNumber,
      reason,
    );
    return 'cancelled';
  }
}
