import { Injectable } from '@nestjs/common';
import { type ReportFinishedEvent, WorkflowReportsApi } from '@cw/workflows';
import { DataSource } from 'typeorm';
import { HookAuthority } from '../access/hook-authority';
import { HookLifecycle } from '../access/hook-lifecycle';
import { type HookRecord, HookRepository } from '../registration/hook.repository';
import { DeliveryRepository } from './delivery.repository';
import { DeliveryQueue } from './jobs/delivery-queue';
import { ReportFanoutRepository } from './report-fanout.repository';

/**
 * Turns a finished report into one delivery per matching live hook whose owner may read it now,
 * and queues each delivery's first attempt. Repeating it (a re-published event, a registration
 * racing the run's end) creates nothing twice: a hook has one delivery per report.
 */
@Injectable()
export class DeliveryFanout {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hooks: HookRepository,
    private readonly deliveries: DeliveryRepository,
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
    const matching = await this.hooks.findMatching({
      reportId: event.run_id,
      companyId: event.company_id,
      workflowId: event.workflow_id,
      status: event.status,
      subscribedBy,
    });
    const hookIds = await this.readableBy(matching, event.run_id);
    await this.deliver(hookIds, event.run_id);
    await this.fanouts.record(event.run_id);
    return hookIds.length;
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
    const byCredential = new Map<string, HookRecord[]>();
    for (const hook of hooks) {
      byCredential.set(hook.credentialId, [...(byCredential.get(hook.credentialId) ?? []), hook]);
    }
    const readable: string[] = [];
    for (const group of byCredential.values()) {
      const actor = await this.authority.actorFor(group[0]);
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
