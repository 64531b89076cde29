import { startSignedInTestApp } from '@cw/auth/testing';
import type { TestApp, TestAppOptions } from '@cw/testing';
import { WikiModule } from '@cw/wiki';
import { WorkflowsModule } from '@cw/workflows';
import { HomeModule } from '../src/home.module';

/**
 * The home with what its routes read: identity's routes (the acceptance exchange signs test
 * people in), the guard, the wiki (its routes make pages, folders and landing rules) and
 * workflows (its routes make runs, whose reports the home lists).
 */
export function startHomeTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  return startSignedInTestApp({ ...options, modules: [WikiModule, WorkflowsModule, HomeModule] });
}
