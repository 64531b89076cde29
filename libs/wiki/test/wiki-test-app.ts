import { AuthModule } from '@cw/auth';
import { IdentityModule } from '@cw/identity';
import {
  startContextTestApp,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
  type TestAppOptions,
} from '@cw/testing';
import { WikiModule } from '../src/wiki.module';

/**
 * The wiki with what its routes need: identity's routes (the acceptance exchange signs test
 * people in) and the guard.
 */
export function startWikiTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  return startContextTestApp({
    ...options,
    env: { ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET, ...options.env },
    modules: [IdentityModule.register({ withRoutes: true }), AuthModule, WikiModule],
  });
}
