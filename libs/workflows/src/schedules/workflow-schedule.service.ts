import { Injectable } from '@nestjs/common';
import { QueueName, QueueRegistry } from '@cw/queue';
import type { Queue } from 'bullmq';
import { isUUID } from 'class-validator';
import type { Workflow } from '../workflows-schema';
import type { Schedule } from './schedule';

/** The job name of a scheduled start on `QueueName.WorkflowSchedules`. */
export const SCHEDULED_START_JOB = 'scheduled-start';

export interface ScheduledStartData {
  workflow_id: string;
}

const SCHEDULER_PREFIX = 'workflow:';

export function schedulerIdOf(workflowId: string): string {
  return `${SCHEDULER_PREFIX}${workflowId}`;
}

/** The workflow a job scheduler of this service starts, or null for a scheduler of another kind. */
export function workflowIdOfScheduler(schedulerId: string): string | null {
  if (!schedulerId.startsWith(SCHEDULER_PREFIX)) return null;
  const workflowId = schedulerId.slice(SCHEDULER_PREFIX.length);
  return isUUID(workflowId) ? workflowId : null;
}

/**
 * Keeps one BullMQ job scheduler per scheduled workflow: present while the workflow is active
 * with a schedule, gone once it is a draft, archived or deleted. Changes reach it through
 * `ScheduleApplier`, after they commit and never inside a transaction, so a scheduler never
 * starts a workflow whose change rolled back; `ScheduleReconciler` repairs what a lost Redis or
 * an ended process left behind.
 */
@Injectable()
export class WorkflowScheduleService {
  constructor(private readonly queues: QueueRegistry) {}

  async sync(workflow: Pick<Workflow, 'id' | 'status' | 'schedule'>): Promise<void> {
    if (workflow.status === 'active' && workflow.schedule) {
      await this.upsert(workflow.id, workflow.schedule);
    } else {
      await this.remove(workflow.id);
    }
  }

  async upsert(workflowId: string, schedule: Schedule): Promise<void> {
    const data: ScheduledStartData = { workflow_id: workflowId };
    await this.queue().upsertJobScheduler(
      schedulerIdOf(workflowId),
      { pattern: schedule.cron, tz: schedule.timezone },
      { name: SCHEDULED_START_JOB, data },
    );
  }

  async remove(workflowId: string): Promise<void> {
    await this.queue().removeJobScheduler(schedulerIdOf(workflowId));
  }

  queue(): Queue {
    return this.queues.queue(QueueName.WorkflowSchedules);
  }
}
