import type { DynamicModule, Type } from '@nestjs/common';
import type { TestApp, TestAppOptions } from '@cw/testing';
import { startSignedInTestApp } from '../src/testing';

export interface AuthTestAppOptions extends TestAppOptions {
  /** Extra modules mounted behind the guard (a probe controller). */
  modules?: (Type<unknown> | DynamicModule)[];
}

/** Identity's routes behind the guard, with the test's probe modules if any. */
export function startAuthTestApp(options: AuthTestAppOptions = {}): Promise<TestApp> {
  return startSignedInTestApp({ ...options, modules: options.modules ?? [] });
}
