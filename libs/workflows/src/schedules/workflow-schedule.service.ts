import { Injectable } from '@nestjs/common';
import { QueueName, QueueRegistry } from '@cw/queue';
import type { Workflow } from '../definitions/entities/workflow.entity';

/** The job name of a scheduled start on `QueueName.WorkflowSchedules`. */
export const SCHEDULED_START_JOB = 'scheduled-start';

export interface ScheduledStartData {
  workflow_id: string;
}

export function schedulerIdOf(workflowId: string): string {
  return `workflow:${workflowId}`;
}

/**
 * Keeps one BullMQ job scheduler per scheduled workflow: present while the workflow is active
 * with a schedule, gone once it is a draft, archived or deleted. Called after the change commits,
 * so a scheduler never starts a workflow whose change rolled back.
 */
@Injectable()
export class WorkflowScheduleService {
  constructor(private readonly queues: QueueRegistry) {}

  async sync(workflow: Pick<Workflow, 'id' | 'status' | 'schedule'>): Promise<void> {
    const queue = this.queues.queue(QueueName.WorkflowSchedules);
    const id = schedulerIdOf(workflow.id);
    if (workflow.status === 'active' && workflow.schedule) {
      const data: ScheduledStartData = { workflow_id: workflow.id };
      await queue.upsertJobScheduler(
        id,
        { pattern: workflow.schedule.cron, tz: workflow.schedule.timezone },
        { name: SCHEDULED_START_JOB, data },
      );
    } else {
      await queue.removeJobScheduler(id);
    }
  }
}
