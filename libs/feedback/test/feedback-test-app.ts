import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamicModule, Type } from '@nestjs/common';
import { startSignedInTestApp } from '@cw/auth/testing';
import type { TestApp, TestAppOptions } from '@cw/testing';

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
  return startSignedInTestApp({
    ...options,
    env: {
      INTERNAL_API_TOKEN: TEST_INTERNAL_TOKEN,
      FEEDBACK_EVIDENCE_DIR: mkdtempSync(join(tmpdir(), 'cw-evidence-')),
      ...options.env,
    },
    modules: options.modules,
  });
}
