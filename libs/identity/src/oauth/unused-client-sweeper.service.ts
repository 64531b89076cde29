import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PeriodicPass } from '@cw/platform';
import { IdentityConfig } from '../identity.config';
import { OAuthClientRepository } from './oauth-client.repository';

/** Clients deleted per statement, and statements per pass: a pass is bounded work. */
export const UNUSED_CLIENT_BATCH = 500;
export const UNUSED_CLIENT_BATCHES_PER_PASS = 10;

/**
 * Every OAUTH_CLIENT_SWEEP_SECONDS, deletes OAuth clients that never signed anyone in within
 * OAUTH_UNUSED_CLIENT_HOURS of registering. Anyone may register, so without this the clients
 * nobody uses would accumulate for good. Replicas may sweep at once: each skips rows another holds.
 */
@Injectable()
export class UnusedClientSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly periodic = new PeriodicPass(
    'deleting unused OAuth clients',
    () => this.sweep(),
    new Logger(UnusedClientSweeper.name),
  );

  constructor(
    private readonly clients: OAuthClientRepository,
    private readonly config: IdentityConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.periodic.start(this.config.OAUTH_CLIENT_SWEEP_SECONDS * 1000);
  }

  onModuleDestroy(): void {
    this.periodic.stop();
  }

  /** One pass; answers how many clients it deleted. A full pass leaves the rest to the next. */
  async sweep(): Promise<number> {
    let deleted = 0;
    for (let batch = 0; batch < UNUSED_CLIENT_BATCHES_PER_PASS; batch += 1) {
      const gone = await this.clients.deleteUnused(
        this.config.OAUTH_UNUSED_CLIENT_HOURS,
        UNUSED_CLIENT_BATCH,
      );
      deleted += gone;
      if (gone < UNUSED_CLIENT_BATCH) break;
    }
    return deleted;
  }
}
