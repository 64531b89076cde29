import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { WorkflowReportsApi } from '@cw/workflows/reports';
import { DataSource } from 'typeorm';
import { HookAuthority } from '../access/hook-authority';
import { HookLifecycle } from '../access/hook-lifecycle';
import {
  deliveryNotFound,
  deliveryNotReplayable,
  hookCredentialEnded,
  hookNotFound,
  replayCountStale,
} from '../errors/hooks-errors';
import { HookLifecycleRepository } from '../access/hook-lifecycle.repository';
import { ownerOf } from '../registration/hook-owner';
import { HookRepository } from '../registration/hook.repository';
import { DeliveryHistoryRepository } from './delivery-history.repository';
import { type DeliveryView, deliveryView } from './delivery-view';
import { DeliveryQueue } from './jobs/delivery-queue';

/**
 * Replays a failed delivery with the `replay_count` the caller observed, as compare-and-swap:
 * the row and its id stay, the count goes up by one, a fresh round of 8 attempts starts (the
 * lifetime `attempts` total is kept). Repeating the same observed count answers that replay's
 * current outcome; a stale count or a state other than `failed` is 409; a hook whose credential
 * lost its authority is 403. A replay reopens a callback that ended as undeliverable, and
 * nothing else: a deleted hook, a 410 receiver or an ended credential is not revived.
 */
@Injectable()
export class DeliveryReplayService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hooks: HookRepository,
    private readonly deliveries: DeliveryHistoryRepository,
    private readonly hookStates: HookLifecycleRepository,
    private readonly authority: HookAuthority,
    private readonly lifecycle: HookLifecycle,
    private readonly reports: WorkflowReportsApi,
    private readonly queue: DeliveryQueue,
  ) {}

  async replay(
    actor: Actor,
    hookId: string,
    deliveryId: string,
    observedCount: number,
  ): Promise<DeliveryView> {
    const hook = await this.hooks.findOwned(this.dataSource.manager, ownerOf(actor), hookId);
    if (!hook) throw hookNotFound();
    const delivery = await this.deliveries.findOfHook(hookId, deliveryId);
    if (
      !delivery ||
      !(await this.reports.readableRunIds(actor, [delivery.reportId])).has(delivery.reportId)
    ) {
      throw deliveryNotFound();
    }
    if (!(await this.authority.actorFor(hook))) {
      await this.lifecycle.endNow(hookId, 'credential_ended');
      throw hookCredentialEnded();
    }
    const replayed = await this.dataSource.transaction(async (manager) => {
      const locked = await this.hooks.findOwned(manager, ownerOf(actor), hookId, true);
      if (!locked) throw hookNotFound();
      const current = await this.deliveries.findOfHook(hookId, deliveryId, manager);
      if (!current) throw deliveryNotFound();
      if (current.replayCount === observedCount + 1) return { delivery: current, queued: false };
      if (locked.state === 'ended' && locked.endedReason !== 'undeliverable') {
        throw deliveryNotReplayable(current, `its hook has ended (${locked.endedReason})`);
      }
      const bumped = await this.deliveries.replay(manager, hookId, deliveryId, observedCount);
      if (!bumped) {
        if (current.replayCount !== observedCount) {
          throw replayCountStale(current, observedCount);
        }
        throw deliveryNotReplayable(current, `it is ${current.state}`);
      }
      await this.hookStates.reopenUndeliverable(manager, hookId);
      return { delivery: bumped, queued: true };
    });
    if (replayed.queued) {
      await this.queue.enqueueOrLeave([
        {
          deliveryId: replayed.delivery.id,
          attemptNumber: replayed.delivery.attemptNumber,
          nextAttemptAt: replayed.delivery.nextAttemptAt ?? new Date(),
        },
      ]);
    }
    return deliveryView(replayed.delivery);
  }
}
