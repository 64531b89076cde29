import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PeriodicPass, withinDeadline } from '@cw/platform';
import { QueueRegistry } from '@cw/queue';
import { WorkflowRepository } from '../definitions/workflow.repository';
import { WorkflowScheduleService } from './workflow-schedule.service';

/** The longest a request waits for its workflow's scheduler call. */
export const SCHEDULE_CALL_DEADLINE_MS = 500;
const RETRY_INTERVAL_MS = 1000;
const RETRY_BATCH = 100;
/** Workflows kept for another try; past this the oldest are left to `ScheduleReconciler`. */
const MAX_PENDING = 10_000;

/**
 * Brings a workflow's job scheduler in line with PostgreSQL after a change committed, without
 * holding the request on Redis: the request waits at most `SCHEDULE_CALL_DEADLINE_MS`, and a
 * call that failed or ran out of time is tried again every second by this process until Redis
 * takes it (`ScheduleReconciler` covers a process that ended meanwhile).
 *
 * Each call reads the workflow's status and schedule when it runs and applies those, and the
 * calls of one workflow run one after another: however its changes and their calls interleave,
 * the last call applies the last committed state, and a Redis that hangs holds at most one
 * command per workflow.
 */
@Injectable()
export class ScheduleApplier implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ScheduleApplier.name);
  /** The call under way (or last queued) per workflow: the next one starts after it. */
  private readonly calls = new Map<string, Promise<void>>();
  /** Workflows to apply again, each with the number of its latest failure. */
  private readonly pending = new Map<string, number>();
  private failures = 0;
  private readonly retries = new PeriodicPass(
    'workflow schedule retry',
    () => this.retryPending(),
    this.logger,
  );

  constructor(
    private readonly workflows: WorkflowRepository,
    private readonly schedules: WorkflowScheduleService,
    private readonly queues: QueueRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.retries.start(RETRY_INTERVAL_MS);
  }

  onModuleDestroy(): void {
    this.retries.stop();
  }

  /** Call after the change committed: resolves within the deadline and never rejects. */
  async apply(workflowId: string): Promise<void> {
    try {
      await withinDeadline(this.queue(workflowId), SCHEDULE_CALL_DEADLINE_MS);
    } catch (error) {
      this.retryLater(workflowId, error as Error);
    }
  }

  /** How many workflows wait for their scheduler to be applied again (for tests and logs). */
  get pendingCount(): number {
    return this.pending.size;
  }

  private queue(workflowId: string): Promise<void> {
    const previous = this.calls.get(workflowId) ?? Promise.resolve();
    const call = previous.catch(() => undefined).then(() => this.applyCurrent(workflowId));
    this.calls.set(workflowId, call);
    void call
      .catch(() => undefined)
      .finally(() => {
        if (this.calls.get(workflowId) === call) this.calls.delete(workflowId);
      });
    return call;
  }

  private async applyCurrent(workflowId: string): Promise<void> {
    const failure = this.pending.get(workflowId);
    // ioredis holds commands while disconnected: leave them to the retry instead.
    const { status } = this.queues.redis;
    if (status !== 'ready') throw new Error(`Redis connection ${status}`);
    const [current] = await this.workflows.findSchedulesOf([workflowId]);
    await this.schedules.sync(current ?? { id: workflowId, status: 'deleted', schedule: null });
    // A failure after this call began is not covered by it.
    if (this.pending.get(workflowId) === failure) this.pending.delete(workflowId);
  }

  private retryLater(workflowId: string, error: Error): void {
    if (!this.pending.has(workflowId) && this.pending.size >= MAX_PENDING) {
      const [oldest] = this.pending.keys();
      this.pending.delete(oldest);
      this.logger.warn(`workflow ${oldest}'s schedule left to the schedule reconciler`);
    }
    this.failures += 1;
    this.pending.set(workflowId, this.failures);
    this.logger.warn(
      `workflow ${workflowId}'s schedule not applied yet (${error.message}); tried again every second`,
    );
  }

  private async retryPending(): Promise<void> {
    if (this.pending.size === 0 || this.queues.redis.status !== 'ready') return;
    // A workflow whose call is still unanswered gets no second one.
    const due = [...this.pending.keys()].filter((id) => !this.calls.has(id)).slice(0, RETRY_BATCH);
    await Promise.all(
      due.map((id) =>
        withinDeadline(this.queue(id), SCHEDULE_CALL_DEADLINE_MS).catch(() => undefined),
      ),
    );
  }
}
