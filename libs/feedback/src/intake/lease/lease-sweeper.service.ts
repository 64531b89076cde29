import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { IntakeConfig } from '../intake.config';
import { LeaseRepository } from './lease.repository';

/**
 * Every FEEDBACK_LEASE_SWEEP_SECONDS, reports whose intake lease expired go back to `approved`,
 * so the inbox never shows `in_progress` for a holder that vanished (a claim does the same
 * first, so the queue never waits for the sweep).
 */
@Injectable()
export class LeaseSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LeaseSweeper.name);
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly leases: LeaseRepository,
    private readonly config: IntakeConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(
      () => void this.tick(),
      this.config.FEEDBACK_LEASE_SWEEP_SECONDS * 1000,
    );
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** One pass; answers how many reports went back to the queue. */
  sweep(): Promise<number> {
    return this.leases.returnExpired();
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.sweep();
    } catch (error) {
      this.logger.warn(`returning expired intake leases failed: ${(error as Error).message}`);
    } finally {
      this.running = false;
    }
  }
}
