import type { DynamicModule, Type } from '@nestjs/common';
import { IdentityModule } from '@cw/identity';
import {
  startContextTestApp,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
  type TestAppOptions,
} from '@cw/testing';
import { AuthModule } from '../auth.module';

export interface SignedInTestAppOptions extends TestAppOptions {
  /** The context's modules, served behind the guard. */
  modules: (Type<unknown> | DynamicModule)[];
}

/**
 * A context's routes as the gateway composes them: behind the guard, beside identity's routes,
 * with the acceptance exchange on (it signs test people in) unless the test's env turns it off.
 */
export function startSignedInTestApp(options: SignedInTestAppOptions): Promise<TestApp> {
  return startContextTestApp({
    ...options,
    env: { ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET, ...options.env },
    modules: [IdentityModule.register({ withRoutes: true }), AuthModule, ...options.modules],
  });
}
