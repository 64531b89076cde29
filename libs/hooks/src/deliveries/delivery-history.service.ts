import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { offsetWindow } from '@cw/platform';
import { WorkflowReportsApi } from '@cw/workflows/reports';
import { DataSource } from 'typeorm';
import { deliveryNotFound, hookNotFound } from '../errors/hooks-errors';
import { ownerOf } from '../registration/hook-owner';
import { HookRepository } from '../registration/hook.repository';
import { DeliveryHistoryRepository } from './delivery-history.repository';
import { type DeliveryListView, type DeliveryView, deliveryView } from './delivery-view';

export const DEFAULT_DELIVERY_LIMIT = 50;

/**
 * The deliveries of the caller's own hook (ended hooks keep their history). A delivery of a
 * report the caller may no longer read is left out of a window and 404 on its own.
 */
@Injectable()
export class DeliveryHistoryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hooks: HookRepository,
    private readonly deliveries: DeliveryHistoryRepository,
    private readonly reports: WorkflowReportsApi,
  ) {}

  async list(
    actor: Actor,
    hookId: string,
    page: { limit?: number; offset?: number },
  ): Promise<DeliveryListView> {
    await this.ownHook(actor, hookId);
    const limit = page.limit ?? DEFAULT_DELIVERY_LIMIT;
    const offset = page.offset ?? 0;
    const window = offsetWindow(
      await this.deliveries.listOfHook(hookId, limit, offset),
      limit,
      offset,
    );
    const readable = await this.reports.readableRunIds(
      actor,
      window.items.map((delivery) => delivery.reportId),
    );
    return {
      deliveries: window.items
        .filter((delivery) => readable.has(delivery.reportId))
        .map(deliveryView),
      next_offset: window.next_offset,
    };
  }

  async get(actor: Actor, hookId: string, deliveryId: string): Promise<DeliveryView> {
    await this.ownHook(actor, hookId);
    const delivery = await this.deliveries.findOfHook(hookId, deliveryId);
    if (!delivery) throw deliveryNotFound();
    const readable = await this.reports.readableRunIds(actor, [delivery.reportId]);
    if (!readable.has(delivery.reportId)) throw deliveryNotFound();
    return deliveryView(delivery);
  }

  private async ownHook(actor: Actor, hookId: string): Promise<void> {
    if (!(await this.hooks.findOwned(this.dataSource.manager, ownerOf(actor), hookId))) {
      throw hookNotFound();
    }
  }
}
