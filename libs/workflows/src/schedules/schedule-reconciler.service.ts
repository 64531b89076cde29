import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PeriodicPass } from '@cw/platform';
import { WorkflowRepository } from '../definitions/workflow.repository';
import { WorkflowsConfig } from '../workflows.config';
import { workflowIdOfScheduler, WorkflowScheduleService } from './workflow-schedule.service';

const INTERVAL_MS = 60_000;
const PAGE = 500;
/**
 * A workflow changed this recently is left to the change's own scheduler call, which
 * `ScheduleApplier` makes right after its commit and repeats until Redis takes it: the reconciler
 * never races it.
 */
const SCHEDULE_SETTLED_SECONDS = 60;

export interface ScheduleRepair {
  /** Schedulers added, or replaced because their cron or time zone had changed. */
  upserted: number;
  /** Schedulers of workflows that are no longer active with a schedule. */
  removed: number;
}

/**
 * Job schedulers live in Redis; the schedules' truth is in PostgreSQL. In a worker process, at
 * start and then every minute, this makes the first match the second: a flushed or failed-over
 * Redis gets every schedule back, and a change whose scheduler call failed (Redis away) is
 * applied a minute later. Workflows changed within `SCHEDULE_SETTLED_SECONDS` are left alone,
 * so the reconciler and a change's own call never overwrite each other; should a change land
 * between a pass's read and its write all the same, the next pass corrects it, and a scheduled
 * start of a workflow that is no longer active is skipped by the start itself.
 */
@Injectable()
export class ScheduleReconciler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ScheduleReconciler.name);
  private readonly periodic = new PeriodicPass(
    'workflow schedule reconciliation',
    () => this.repair(),
    this.logger,
  );

  constructor(
    private readonly workflows: WorkflowRepository,
    private readonly schedules: WorkflowScheduleService,
    private readonly config: WorkflowsConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.RUNS_WORKER === 'on') this.periodic.start(INTERVAL_MS, { now: true });
  }

  onModuleDestroy(): void {
    this.periodic.stop();
  }

  async reconcile(): Promise<ScheduleRepair> {
    const present = await this.presentSchedulers();
    let upserted = 0;
    const wanted = new Set<string>();
    for (let after: string | null = null; ;) {
      const page = await this.workflows.findSettledScheduled(after, PAGE, SCHEDULE_SETTLED_SECONDS);
      for (const { id, schedule } of page) {
        wanted.add(id);
        const current = present.get(id);
        if (current?.pattern === schedule.cron && current.tz === schedule.timezone) continue;
        await this.schedules.upsert(id, schedule);
        upserted += 1;
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1].id;
    }
    const leftovers = [...present.keys()].filter((id) => !wanted.has(id));
    const kept = await this.workflows.filterScheduledOrUnsettled(
      leftovers,
      SCHEDULE_SETTLED_SECONDS,
    );
    let removed = 0;
    for (const id of leftovers) {
      if (kept.has(id)) continue;
      await this.schedules.remove(id);
      removed += 1;
    }
    return { upserted, removed };
  }

  /** The workflows' job schedulers in Redis now, by workflow id. */
  private async presentSchedulers(): Promise<Map<string, { pattern?: string; tz?: string }>> {
    const queue = this.schedules.queue();
    const present = new Map<string, { pattern?: string; tz?: string }>();
    for (let start = 0; ; start += PAGE) {
      const page = await queue.getJobSchedulers(start, start + PAGE - 1, true);
      for (const scheduler of page) {
        const workflowId = workflowIdOfScheduler(scheduler.key);
        if (workflowId) present.set(workflowId, { pattern: scheduler.pattern, tz: scheduler.tz });
      }
      if (page.length < PAGE) return present;
    }
  }

  private async repair(): Promise<void> {
    const { upserted, removed } = await this.reconcile();
    if (upserted + removed > 0) {
      this.logger.warn(`workflow schedules repaired: ${upserted} set, ${removed} removed`);
    }
  }
}
