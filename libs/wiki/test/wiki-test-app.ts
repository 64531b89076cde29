import { startSignedInTestApp } from '@cw/auth/testing';
import type { TestApp, TestAppOptions } from '@cw/testing';
import { WikiModule } from '../src/wiki.module';

/**
 * The wiki with what its routes need: identity's routes (the acceptance exchange signs test
 * people in) and the guard.
 */
export function startWikiTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  return startSignedInTestApp({ ...options, modules: [WikiModule] });
}
