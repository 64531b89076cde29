import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DataSource } from 'typeorm';
import { ScheduleApplier } from '../schedules/schedule-applier.service';
import type { WorkflowStatus } from '../workflows-schema';
import { WorkflowReader } from './workflow-reader';
import type { WorkflowRef } from './workflow-ref';
import { type WorkflowChanges, WorkflowRepository } from './workflow.repository';
import { workflowView, type WorkflowView } from './workflow-view';

export interface WorkflowListResponse {
  workflows: WorkflowView[];
  total: number;
  offset: number;
  limit: number;
  has_more: boolean;
}

/**
 * Listing, reading, renaming, activating, archiving and deleting workflows. A change of status
 * commits first; its job scheduler follows from what PostgreSQL then holds (`ScheduleApplier`),
 * so no transaction waits on Redis and concurrent changes leave the scheduler matching the last
 * committed status.
 */
@Injectable()
export class WorkflowManageService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reader: WorkflowReader,
    private readonly workflows: WorkflowRepository,
    private readonly schedules: ScheduleApplier,
  ) {}

  async list(
    actor: Actor,
    query: { status?: WorkflowStatus; limit?: number; offset?: number },
  ): Promise<WorkflowListResponse> {
    const limit = query.limit ?? 50;
    const offset = query.offset ?? 0;
    const { workflows, total } = await this.workflows.listVisible(
      actor,
      { status: query.status },
      { limit, offset },
    );
    return {
      workflows: workflows.map(workflowView),
      total,
      offset,
      limit,
      has_more: offset + workflows.length < total,
    };
  }

  async get(actor: Actor, ref: WorkflowRef): Promise<WorkflowView> {
    return workflowView(await this.reader.get(actor, ref));
  }

  async update(actor: Actor, ref: WorkflowRef, changes: WorkflowChanges): Promise<WorkflowView> {
    const { updated, statusChanged } = await this.dataSource.transaction(async (manager) => {
      const workflow = await this.reader.get(actor, ref, { manager, lock: true });
      this.reader.assertManageable(actor, workflow);
      const given = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      ) as WorkflowChanges;
      if (Object.keys(given).length > 0) await this.workflows.update(manager, workflow.id, given);
      const current = await this.reader.get(actor, { kind: 'id', id: workflow.id }, { manager });
      return { updated: current, statusChanged: current.status !== workflow.status };
    });
    if (statusChanged) await this.schedules.apply(updated.id);
    return workflowView(updated);
  }

  async remove(actor: Actor, ref: WorkflowRef): Promise<void> {
    const workflowId = await this.dataSource.transaction(async (manager) => {
      const workflow = await this.reader.get(actor, ref, { manager, lock: true });
      this.reader.assertManageable(actor, workflow);
      await this.workflows.update(manager, workflow.id, { status: 'deleted' });
      return workflow.id;
    });
    await this.schedules.apply(workflowId);
  }
}
