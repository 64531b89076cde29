import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import type { EntityManager } from 'typeorm';
import { workflowLimitReached } from '../errors/workflows-errors';
import type { Schedule } from '../schedules/schedule';
import { CompanyCounterRepository } from './company-counter.repository';
import type { OutputPage, Workflow, WorkflowVisibility } from '../workflows-schema';
import type { WorkflowDefinition, WorkflowInput } from './workflow-definition';
import { WorkflowLimitsConfig } from './workflow-limits.config';
import { WorkflowRepository } from './workflow.repository';

/** A validated plan and how to keep it. */
export interface NewWorkflowPlan {
  name: string;
  status: 'draft' | 'active';
  visibility: WorkflowVisibility;
  teamId: string | null;
  inputs: WorkflowInput[];
  definition: WorkflowDefinition;
  schedule: Schedule | null;
  outputPage: OutputPage | null;
}

@Injectable()
export class WorkflowCreateService {
  constructor(
    private readonly counters: CompanyCounterRepository,
    private readonly workflows: WorkflowRepository,
    private readonly limits: WorkflowLimitsConfig,
  ) {}

  /**
   * Saves the plan with the company's next display number, in the caller's transaction. The
   * number's counter row stays locked until that transaction ends, so the count of the company's
   * workflows below cannot be passed by parallel creations.
   */
  async create(manager: EntityManager, actor: Actor, plan: NewWorkflowPlan): Promise<Workflow> {
    const number = await this.counters.nextWorkflowNumber(manager, actor.companyId);
    const limit = this.limits.WORKFLOWS_PER_COMPANY;
    if ((await this.counters.countLiveWorkflows(manager, actor.companyId)) >= limit) {
      throw workflowLimitReached(limit);
    }
    return this.workflows.insert(manager, {
      ...plan,
      companyId: actor.companyId,
      ownerId: actor.personId,
      number,
    });
  }
}
