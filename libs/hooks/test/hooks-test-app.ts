import { randomBytes } from 'node:crypto';
import { startSignedInTestApp } from '@cw/auth/testing';
import type { TestApp, TestAppOptions } from '@cw/testing';
import { WorkflowsModule } from '@cw/workflows';
import { HooksModule, type HooksModuleOptions } from '../src/hooks.module';

/** The key-encryption key of the test apps (tests set it explicitly; nothing is generated). */
export const TEST_HOOKS_SECRET_KEY = randomBytes(32).toString('base64');

/**
 * Report hooks with what their routes and deliveries need: identity's routes (the acceptance
 * exchange signs test people in, keys are minted and revoked), the guard, and workflows (runs
 * that finish, and their reports). Retries wait milliseconds, loopback receivers are allowed.
 */
export function startHooksTestApp(
  options: TestAppOptions & HooksModuleOptions = {},
): Promise<TestApp> {
  return startSignedInTestApp({
    ...options,
    env: {
      HOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
      HOOKS_SECRET_KEY: TEST_HOOKS_SECRET_KEY,
      HOOKS_RETRY_BASE_SECONDS: '0.05',
      HOOKS_RETRY_MAX_SECONDS: '0.2',
      HOOKS_TIMEOUT_MS: '2000',
      HOOKS_RECONCILE_SECONDS: '1',
      RUNS_WORKER: 'on',
      ...options.env,
    },
    modules: [WorkflowsModule, HooksModule.register({ resolve: options.resolve })],
  });
}
