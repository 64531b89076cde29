import { AuthModule } from '@cw/auth';
import { IdentityModule } from '@cw/identity';
import {
  startContextTestApp,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
  type TestAppOptions,
} from '@cw/testing';
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
  return startContextTestApp({
    ...options,
    env: { ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET, ...options.env },
    modules: [
      IdentityModule.register({ withRoutes: true }),
      AuthModule,
      DiscoveryModule.register(),
      DiscoveryFixtureModule,
    ],
  });
}
