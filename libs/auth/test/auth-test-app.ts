import type { DynamicModule, Type } from '@nestjs/common';
import { IdentityModule } from '@cw/identity';
import {
  startContextTestApp,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
  type TestAppOptions,
} from '@cw/testing';
import { AuthModule } from '../src/auth.module';

export interface AuthTestAppOptions extends TestAppOptions {
  /** Extra modules mounted behind the guard (a probe controller). */
  modules?: (Type<unknown> | DynamicModule)[];
}

/**
 * Identity's routes behind the guard, as the gateway composes them; the acceptance exchange is
 * on (it signs test people in) unless a test's env turns it off.
 */
export function startAuthTestApp(options: AuthTestAppOptions = {}): Promise<TestApp> {
  return startContextTestApp({
    ...options,
    env: { ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET, ...options.env },
    modules: [
      IdentityModule.register({ withRoutes: true }),
      AuthModule,
      ...(options.modules ?? []),
    ],
  });
}
