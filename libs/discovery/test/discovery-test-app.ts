import { startSignedInTestApp } from '@cw/auth/testing';
import type { TestApp, TestAppOptions } from '@cw/testing';
import { DiscoveryModule } from '../src/discovery.module';
import { DiscoveryFixtureModule } from './discovery-fixture.controller';

/**
 * Discovery over the app's own description (as in the one-process composition): identity's
 * routes (session-only keys, the acceptance exchange that needs its setting), the guard, and
 * fixture routes of the kinds identity lacks (scoped, operator, internal token, unset setting).
 * The wiki's and workflows' routes are discovered in the gateway's one-process spec
 * (`apps/api-gateway/src/discovery/`): this lib may not import those contexts.
 */
export function startDiscoveryTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  return startSignedInTestApp({
    ...options,
    modules: [DiscoveryModule.register(), DiscoveryFixtureModule],
  });
}
