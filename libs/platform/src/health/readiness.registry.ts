import { Injectable } from '@nestjs/common';
import type { SystemReadinessDto } from './dtos/readiness.dto';
import { type ReadinessCheck, ReadinessFailure } from './readiness-check';

/** The readiness of other processes, shown beside this one's entries (the gateway's services). */
export interface SystemReadinessView {
  report(): Promise<SystemReadinessDto>;
}

type BackfillState = 'running' | 'done' | 'failed';

/**
 * Modules register what this process needs to serve; `/ready` runs every applicable check, and
 * `backfills`, which is down until every deferred start-up backfill has finished.
 */
@Injectable()
export class ReadinessRegistry {
  private readonly checks: ReadinessCheck[] = [];
  private readonly backfills = new Map<string, BackfillState>();
  private systemView?: SystemReadinessView;

  register(check: ReadinessCheck): void {
    this.checks.push(check);
  }

  /** Holds `/ready` at 503 until `work` has finished; a failed backfill keeps it there. */
  trackBackfill(name: string, work: Promise<unknown>): void {
    this.backfills.set(name, 'running');
    work.then(
      () => this.backfills.set(name, 'done'),
      () => this.backfills.set(name, 'failed'),
    );
  }

  showSystem(view: SystemReadinessView): void {
    this.systemView = view;
  }

  get system(): SystemReadinessView | undefined {
    return this.systemView;
  }

  /** The checks `/ready` runs now, `backfills` last. */
  current(): ReadinessCheck[] {
    const applicable = this.checks.filter((check) => check.isApplicable?.() ?? true);
    return [...applicable, { name: 'backfills', probe: async () => this.backfillsFinished() }];
  }

  find(name: string): ReadinessCheck | undefined {
    return this.current().find((check) => check.name === name);
  }

  private backfillsFinished(): void {
    const named = (state: BackfillState): string[] =>
      [...this.backfills].filter(([, each]) => each === state).map(([name]) => name);
    const failed = named('failed');
    if (failed.length > 0) throw new ReadinessFailure(`failed: ${failed.join(', ')}`);
    const running = named('running');
    if (running.length > 0) throw new ReadinessFailure(`running: ${running.join(', ')}`);
  }
}
