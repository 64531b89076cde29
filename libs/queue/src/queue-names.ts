/** BullMQ queue names. Jobs in Redis carry these strings: never rename one. */
export enum QueueName {
  WorkflowRuns = 'workflow-runs',
  WorkflowSchedules = 'workflow-schedules',
  ReportEvents = 'report-events',
  HookDeliveries = 'hook-deliveries',
}

/** Outbox topics and the queue each is published to. */
export const OUTBOX_TOPICS = {
  'run.requested': QueueName.WorkflowRuns,
  'report.finished': QueueName.ReportEvents,
} as const satisfies Record<string, QueueName>;

export type OutboxTopic = keyof typeof OUTBOX_TOPICS;
