import { AuthModule } from '@cw/auth';
import { IdentityModule } from '@cw/identity';
import { WikiModule } from '@cw/wiki';
import {
  startContextTestApp,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
  type TestAppOptions,
} from '@cw/testing';
import { WorkflowsModule } from '../src/workflows.module';

/**
 * Workflows with what their routes and steps need: identity's routes (the acceptance exchange
 * signs test people in), the guard, and the wiki (its routes make test pages; its services serve
 * the `wiki.*` steps).
 */
export function startWorkflowsTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  return startContextTestApp({
    ...options,
    env: {
      ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
      HOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
      ...options.env,
    },
    modules: [
      IdentityModule.register({ withRoutes: true }),
      AuthModule,
      WikiModule,
      WorkflowsModule,
    ],
  });
}
