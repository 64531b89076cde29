import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamicModule, Type } from '@nestjs/common';
import { AuthModule } from '@cw/auth';
import { IdentityModule } from '@cw/identity';
import {
  startContextTestApp,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
  type TestAppOptions,
} from '@cw/testing';

/** The value of `x-internal-token` in the feedback test apps. */
export const TEST_INTERNAL_TOKEN = 'internal-token-for-feedback-tests';

export interface FeedbackTestAppOptions extends TestAppOptions {
  /** The parts of the feedback context under test (their modules import FeedbackCoreModule). */
  modules: (Type<unknown> | DynamicModule)[];
}

/**
 * Parts of the feedback context with what their routes need: identity's routes (the acceptance
 * exchange signs test people in and grants `feedback.view`) and the guard. Evidence goes to a
 * fresh directory of its own.
 */
export function startFeedbackTestApp(options: FeedbackTestAppOptions): Promise<TestApp> {
  return startContextTestApp({
    ...options,
    env: {
      ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
      INTERNAL_API_TOKEN: TEST_INTERNAL_TOKEN,
      FEEDBACK_EVIDENCE_DIR: mkdtempSync(join(tmpdir(), 'cw-evidence-')),
      ...options.env,
    },
    modules: [IdentityModule.register({ withRoutes: true }), AuthModule, ...options.modules],
  });
}
