import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PeriodicPass } from '@cw/platform';
import { IntakeConfig } from '../intake.config';
import { LeaseRepository } from './lease.repository';

/**
 * Every FEEDBACK_LEASE_SWEEP_SECONDS, reports whose intake lease expired go back to `approved`,
 * so the inbox never shows `in_progress` for a holder that vanished (a claim does the same
 * first, so the queue never waits for the sweep).
 */
@Injectable()
export class LeaseSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly periodic = new PeriodicPass(
    'returning expired intake leases',
    () => this.sweep(),
    new Logger(LeaseSweeper.name),
  );

  constructor(
    private readonly leases: LeaseRepository,
    private readonly config: IntakeConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.periodic.start(this.config.FEEDBACK_LEASE_SWEEP_SECONDS * 1000);
  }

  onModuleDestroy(): void {
    this.periodic.stop();
  }

  /** One pass; answers how many reports went back to the queue. */
  sweep(): Promise<number> {
    return this.leases.returnExpired();
  }
}
