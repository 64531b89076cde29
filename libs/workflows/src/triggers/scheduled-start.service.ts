import { Injectable, Logger } from '@nestjs/common';
import { DirectoryService } from '@cw/identity/credentials';
import { AppError } from '@cw/platform';
import { WorkflowRepository } from '../definitions/workflow.repository';
import { RunStartService } from '../runs/run-start.service';

/** A skipped occurrence names the refusal's code when the start refused it. */
export type ScheduledStartOutcome =
  { started: true; run_id: string } | { started: false; reason: string; code?: string };

/**
 * A scheduled start: the workflow runs as its owner, with their membership as it is now, and no
 * inputs. Anything that makes a start impossible (the workflow is gone, its owner left, and then
 * whatever `RunStartService.start` refuses, in its order: not active, inputs required) skips
 * this occurrence with a log line; the schedule stays.
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
    const actor = await this.directory.actorFor(workflow.companyId, workflow.ownerId, {
      kind: 'api_key',
      id: workflow.id,
      scopes: ['workflows:run'],
    });
    if (!actor) return this.skip(workflowId, 'its owner is no longer a member of the company');
    try {
      const run = await this.starter.start({ trigger: 'schedule', actor, workflow, inputs: {} });
      return { started: true, run_id: run.run_id };
    } catch (error) {
      if (error instanceof AppError) return this.skip(workflowId, error.message, error.code);
      throw error;
    }
  }

  private skip(workflowId: string, reason: string, code?: string): ScheduledStartOutcome {
    this.logger.warn(`scheduled start of workflow ${workflowId} skipped: ${reason}`);
    return code ? { started: false, reason, code } : { started: false, reason };
  }
}
