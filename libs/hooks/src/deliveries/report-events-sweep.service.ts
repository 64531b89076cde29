import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PeriodicPass } from '@cw/platform';
import { CompletedRunsFeed, type CompletionCursor } from '@cw/workflows/reports';
import { HooksConfig } from '../hooks.config';
import { DeliveryFanout } from './delivery-fanout.service';
import { ReportFanoutRepository } from './report-fanout.repository';

const BATCH = 500;
const MAX_BATCHES_PER_PASS = 20;
const NO_RUN_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The relay publishes each `report.finished` event once; if Redis loses it before the consumer
 * runs (a flush, a failover), nothing would tell the hooks. Every `HOOKS_RECONCILE_SECONDS`, in
 * a worker process, this walks runs in completion order up to `HOOKS_EVENT_SWEEP_GRACE_SECONDS`
 * ago and fans out each one never fanned out. Fanning out twice creates nothing twice.
 */
@Injectable()
export class ReportEventsSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ReportEventsSweep.name);
  private readonly periodic = new PeriodicPass(
    'sweep of lost report events',
    () => this.sweep(),
    this.logger,
  );
  private cursor: CompletionCursor;

  constructor(
    private readonly feed: CompletedRunsFeed,
    private readonly fanouts: ReportFanoutRepository,
    private readonly fanout: DeliveryFanout,
    private readonly config: HooksConfig,
  ) {
    this.cursor = {
      completedAt: new Date(Date.now() - config.HOOKS_EVENT_SWEEP_WINDOW_SECONDS * 1000),
      id: NO_RUN_ID,
    };
  }

  onApplicationBootstrap(): void {
    if (this.config.HOOKS_WORKER === 'on') {
      this.periodic.start(this.config.HOOKS_RECONCILE_SECONDS * 1000);
    }
  }

  onModuleDestroy(): void {
    this.periodic.stop();
  }

  /** One pass; answers how many reports it fanned out that their event never reached. */
  async sweep(): Promise<number> {
    const until = new Date(Date.now() - this.config.HOOKS_EVENT_SWEEP_GRACE_SECONDS * 1000);
    let found = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch += 1) {
      const completed = await this.feed.completedBetween(this.cursor, until, BATCH);
      const missed = await this.fanouts.unrecorded(completed.map(({ event }) => event.run_id));
      for (const { event, cursor } of completed) {
        if (missed.has(event.run_id)) {
          await this.fanout.reportFinished(event, cursor.completedAt);
          found += 1;
        }
        this.cursor = cursor;
      }
      if (completed.length < BATCH) break;
    }
    if (found > 0) this.logger.warn(`fanned out ${found} finished report(s) whose event was lost`);
    await this.fanouts.prune(2 * this.config.HOOKS_EVENT_SWEEP_WINDOW_SECONDS);
    return found;
  }
}
