import { Injectable } from '@nestjs/common';
import { type Report, WorkflowReportsApi } from '@cw/workflows';
import { DataSource } from 'typeorm';
import { HookAuthority } from '../access/hook-authority';
import { HookLifecycle } from '../access/hook-lifecycle';
import { HooksConfig } from '../hooks.config';
import { SecretBox } from '../signing/secret-box';
import { deliveryHeaders, type SigningMaterial } from '../signing/sign-delivery';
import {
  type RetryPolicy,
  type SendResult,
  type Settlement,
  settleAttempt,
} from './attempt-outcome';
import {
  type AttemptRecord,
  type CancelReason,
  DeliveryRepository,
  type RecordedSettlement,
} from './delivery.repository';
import { DeliveryQueue } from './jobs/delivery-queue';
import { HookSender } from './sending/hook-sender';

/**
 * How one job ended: a settled attempt, a cancelled delivery, or an attempt another worker (or a
 * replay) had already moved past: its result was not recorded.
 */
export type AttemptEnd = Settlement['state'] | 'cancelled' | 'superseded';

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
 * authority and the owner's access to the report, rebuild the report as the owner reads it now,
 * sign it, send it, and record the result fenced on the attempt number (a worker that lost the
 * attempt to a newer one, or to a replay, changes nothing).
 */
@Injectable()
export class DeliveryAttemptService {
  private readonly policy: RetryPolicy;

  constructor(
    private readonly dataSource: DataSource,
    private readonly deliveries: DeliveryRepository,
    private readonly authority: HookAuthority,
    private readonly lifecycle: HookLifecycle,
    private readonly reports: WorkflowReportsApi,
    private readonly secrets: SecretBox,
    private readonly sender: HookSender,
    private readonly queue: DeliveryQueue,
    config: HooksConfig,
  ) {
    this.policy = {
      baseSeconds: config.HOOKS_RETRY_BASE_SECONDS,
      maxSeconds: config.HOOKS_RETRY_MAX_SECONDS,
    };
  }

  async attempt(deliveryId: string, attemptNumber: number): Promise<AttemptEnd> {
    const attempt = await this.deliveries.findAttempt(deliveryId, attemptNumber);
    if (!attempt) return 'superseded';
    if (attempt.hook.state !== 'live') return this.cancel(attempt, 'hook_ended');
    const owner = await this.authority.actorFor(attempt.hook);
    if (!owner) {
      await this.lifecycle.endNow(attempt.hook.id, 'credential_ended');
      return 'cancelled';
    }
    const report = await this.reports.readableReport(owner, attempt.reportId);
    if (!report) return this.cancel(attempt, 'report_unavailable');

    const attemptedAt = new Date();
    const settlement = settleAttempt(
      await this.send(attempt, report, attemptedAt),
      attempt.roundAttempts,
      this.policy,
    );
    const result =
      settlement.state === 'failed'
        ? await this.dataSource.transaction(async (manager) => {
            const recordedResult = await this.deliveries.settle(
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
          })
        : // One fenced statement: no transaction around it (two round trips fewer per attempt).
          await this.deliveries.settle(
            this.dataSource.manager,
            deliveryId,
            attemptNumber,
            attemptedAt,
            recorded(settlement),
          );
    if (!result.settled) return 'superseded';
    if (result.next) await this.queue.enqueueOrLeave([result.next]);
    return settlement.state;
  }

  private async send(
    attempt: AttemptRecord,
    report: Report,
    attemptedAt: Date,
  ): Promise<SendResult> {
    let material: SigningMaterial | null = null;
    if (attempt.hook.signed) {
      const secret = attempt.key ? this.secrets.open(attempt.key) : null;
      if (!attempt.key || !secret) return { kind: 'signing_key_unavailable' };
      material = { keyId: attempt.key.id, secret: secret.toString('utf8') };
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
    await this.deliveries.cancelAttempt(
      this.dataSource.manager,
      attempt.deliveryId,
      attempt.attemptNumber,
      reason,
    );
    return 'cancelled';
  }
}
