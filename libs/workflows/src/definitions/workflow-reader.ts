import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { Workflow } from '../workflows-schema';
import { noVisibleWorkflow } from '../errors/workflows-errors';
import { WorkflowRepository } from './workflow.repository';
import type { WorkflowRef } from './workflow-ref';

/**
 * The one place that answers "may this actor see, manage this workflow". Seeing is visibility
 * (others get 404, as if it did not exist). Managing (rename, status, delete, webhook link) is
 * the owner's, and a company admin's for company and team workflows: a private workflow is its
 * owner's alone.
 */
@Injectable()
export class WorkflowReader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly workflows: WorkflowRepository,
  ) {}

  async get(
    actor: Actor,
    ref: WorkflowRef,
    options: { manager?: EntityManager; lock?: boolean; deleted?: boolean } = {},
  ): Promise<Workflow> {
    // `deleted`: also a deleted workflow the actor could see, for a refusal that names it.
    const workflow = await this.workflows.findVisible(
      options.manager ?? this.dataSource.manager,
      actor,
      ref,
      options.lock === true,
      options.deleted === true,
    );
    if (!workflow) throw noVisibleWorkflow();
    return workflow;
  }

  canManage(actor: Actor, workflow: Workflow): boolean {
    if (workflow.ownerId === actor.personId) return true;
    return actor.role === 'admin' && workflow.visibility !== 'private';
  }

  assertManageable(actor: Actor, workflow: Workflow): void {
    if (!this.canManage(actor, workflow)) {
      throw AppError.accessDenied(
        'Only the workflow’s owner or a company admin can change it (a private workflow: its owner only).',
        { error: 'workflow_not_manageable' },
      );
    }
  }
}
