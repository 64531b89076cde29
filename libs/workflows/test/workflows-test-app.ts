import { startSignedInTestApp } from '@cw/auth/testing';
import { WikiModule } from '@cw/wiki';
import type { TestApp, TestAppOptions } from '@cw/testing';
import { WorkflowsModule } from '../src/workflows.module';

/**
 * Workflows with what their routes and steps need: identity's routes (the acceptance exchange
 * signs test people in), the guard, and the wiki (its routes make test pages; its services serve
 * the `wiki.*` steps).
 */
export function startWorkflowsTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  return startSignedInTestApp({
    ...options,
    env: { HOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'true', ...options.env },
    modules: [WikiModule, WorkflowsModule],
  });
}
