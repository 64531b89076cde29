import { Injectable } from '@nestjs/common';
import { groupBy } from '@cw/platform';
import { type ReportFinishedEvent, WorkflowReportsApi } from '@cw/workflows/reports';
import { DataSource } from 'typeorm';
import { HookAuthority } from '../access/hook-authority';
import { HookLifecycle } from '../access/hook-lifecycle';
import type { HookRecord } from '../registration/hook.repository';
import {
  type FinishedReport,
  HookMatchingRepository,
} from '../registration/hook-matching.repository';
import { DeliveryFanoutRepository } from './delivery-fanout.repository';
import { DeliveryQueue } from './jobs/delivery-queue';
import { ReportFanoutRepository } from './report-fanout.repository';

/** How many reports' deliveries one fan-out writes at once. */
const REPORTS_DELIVERED_AT_ONCE = 4;

/**
 * Turns a finished report into one delivery per matching live hook whose owner may read it now,
 * and queues each delivery's first attempt. Repeating it (a re-published event, a registration
 * racing the run's end) creates nothing twice: a hook has one delivery per report.
 */
@Injectable()
export class DeliveryFanout {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hooks: HookMatchingRepository,
    private readonly deliveries: DeliveryFanoutRepository,
    private readonly authority: HookAuthority,
    private readonly lifecycle: HookLifecycle,
    private readonly reports: WorkflowReportsApi,
    private readonly queue: DeliveryQueue,
    private readonly fanouts: ReportFanoutRepository,
  ) {}

  /**
   * Answers how many hooks the report goes to, and records that it went (the sweep of lost
   * events skips it). `subscribedBy`: only subscriptions registered by then (a late find).
   */
  async reportFinished(event: ReportFinishedEvent, subscribedBy?: Date): Promise<number> {
    const [count] = await this.fanOut([finishedReport(event, subscribedBy)]);
    return count;
  }

  /** `reportFinished` for many reports: one matching query and one record for them all. */
  reportsFinished(events: readonly ReportFinishedEvent[]): Promise<number[]> {
    return this.fanOut(events.map((event) => finishedReport(event)));
  }

  private async fanOut(reports: readonly FinishedReport[]): Promise<number[]> {
    const distinct = [...new Map(reports.map((report) => [report.reportId, report])).values()];
    const matching = await this.hooks.findMatching(distinct);
    const delivered = new Map<string, number>();
    const reportIds = distinct.map(({ reportId }) => reportId);
    const withHooks = reportIds.filter((reportId) => matching.has(reportId));
    for (let start = 0; start < withHooks.length; start += REPORTS_DELIVERED_AT_ONCE) {
      await Promise.all(
        withHooks.slice(start, start + REPORTS_DELIVERED_AT_ONCE).map(async (reportId) => {
          const hookIds = await this.readableBy(matching.get(reportId)!, reportId);
          await this.deliver(hookIds, reportId);
          delivered.set(reportId, hookIds.length);
        }),
      );
    }
    await this.fanouts.record(reportIds);
    return reports.map(({ reportId }) => delivered.get(reportId) ?? 0);
  }

  /**
   * Creates the deliveries (those missing) and queues the attempt each waits for. An event job
   * fails when Redis is away (BullMQ tries it again); a registration leaves it to the reconciler.
   */
  async deliver(
    hookIds: readonly string[],
    reportId: string,
    whenRedisIsAway: 'throw' | 'leave' = 'throw',
  ): Promise<void> {
    if (hookIds.length === 0) return;
    await this.deliveries.insertForReport(this.dataSource.manager, hookIds, reportId);
    const due = await this.deliveries.pendingForReport(reportId, hookIds);
    await (whenRedisIsAway === 'throw' ? this.queue.enqueue(due) : this.queue.enqueueOrLeave(due));
  }

  /** The hooks whose owner, through the hook's credential, may read the report; ends the rest's dead ones. */
  private async readableBy(hooks: readonly HookRecord[], reportId: string): Promise<string[]> {
    const byCredential = groupBy(hooks, (hook) => hook.credentialId);
    const readable: string[] = [];
    for (const group of byCredential.values()) {
      const actor = await this.authority.deliveringActorFor(group[0]);
      if (!actor) {
        for (const hook of group) await this.lifecycle.endNow(hook.id, 'credential_ended');
        continue;
      }
      if ((await this.reports.readableRunIds(actor, [reportId])).has(reportId)) {
        readable.push(...group.map((hook) => hook.id));
      }
    }
    return readable;
  }
}

function finishedReport(event: ReportFinishedEvent, subscribedBy?: Date): FinishedReport {
  return {
    reportId: event.run_id,
    companyId: event.company_id,
    workflowId: event.workflow_id,
    status: event.status,
    subscribedBy,
  };
}
