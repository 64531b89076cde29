import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { DbModule } from '@cw/db';
import { PlatformModule } from '@cw/platform';
import { QueueModule } from '@cw/queue';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app';

export interface ContextTestAppOptions extends TestAppOptions {
  /** The context modules under test (and the ones they need), in the order a service imports them. */
  modules: (Type<unknown> | DynamicModule)[];
}

/**
 * Boots the given context modules inside the platform modules every service composes (config,
 * health, its own `/openapi.json`, the database, queues with the outbox relay), the way the
 * one-process composition does, on an ephemeral port against a fresh database.
 */
export function startContextTestApp(options: ContextTestAppOptions): Promise<TestApp> {
  @Module({
    imports: [
      PlatformModule.register({ serveOwnOpenApi: true }),
      DbModule,
      QueueModule.register({ relay: true, consumes: 'composed' }),
      ...options.modules,
    ],
  })
  class ContextTestModule {}
  return startTestApp(ContextTestModule, options);
}
