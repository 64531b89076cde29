import { Injectable, Logger } from '@nestjs/common';
import { DirectoryService } from '@cw/identity';
import { AppError } from '@cw/platform';
import { WorkflowRepository } from '../definitions/workflow.repository';
import { checkRunInputs } from '../runs/run-inputs';
import { RunStartService, STARTABLE_STATUSES } from '../runs/run-start.service';

export type ScheduledStartOutcome =
  { started: true; run_id: string } | { started: false; reason: string };

/**
 * A scheduled start: the workflow runs as its owner, with their membership as it is now, and no
 * inputs. Anything that makes a start impossible (the workflow is gone or not active, its owner
 * left, it requires inputs) skips this occurrence with a log line; the schedule stays.
 */
@Injectable()
export class ScheduledStartService {
  private readonly logger = new Logger(ScheduledStartService.name);

  constructor(
    private readonly workflows: WorkflowRepository,
    private readonly directory: DirectoryService,
    private readonly starter: RunStartService,
  ) {}

  async start(workflowId: string): Promise<ScheduledStartOutcome> {
    const workflow = await this.workflows.findById(workflowId);
    if (!workflow) return this.skip(workflowId, 'the workflow no longer exists');
    if (!STARTABLE_STATUSES.schedule.includes(workflow.status)) {
      return this.skip(workflowId, `it is ${workflow.status}`);
    }
    const actor = await this.directory.actorFor(workflow.companyId, workflow.ownerId, {
      kind: 'api_key',
      id: workflow.id,
      scopes: ['workflows:run'],
    });
    if (!actor) return this.skip(workflowId, 'its owner is no longer a member of the company');
    const inputs = checkRunInputs(workflow.inputs, {});
    if (!inputs.ok) {
      return this.skip(
        workflowId,
        `a scheduled start has no inputs to give (${inputs.problems.map((p) => p.message).join('; ')})`,
      );
    }
    try {
      const run = await this.starter.start(actor, workflow, { inputs: {}, trigger: 'schedule' });
      return { started: true, run_id: run.run_id };
    } catch (error) {
      if (error instanceof AppError) return this.skip(workflowId, error.message);
      throw error;
    }
  }

  private skip(workflowId: string, reason: string): ScheduledStartOutcome {
    this.logger.warn(`scheduled start of workflow ${workflowId} skipped: ${reason}`);
    return { started: false, reason };
  }
}
