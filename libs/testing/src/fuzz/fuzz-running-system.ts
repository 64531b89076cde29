import { randomBytes } from 'node:crypto';
import { OPERATOR_REQUIREMENTS } from '@cw/domain';
import { call, sessionCookieOf } from '../http-client';
import { createTestPage } from '../wiki-fixtures';
import { type FuzzWalkResult, runFuzzWalk } from './fuzz-walk';
import type { OpenApiLike } from './openapi-operations';

export interface RunningSystemWalk {
  baseUrl: string;
  seed: number;
  runsPerOperation: number;
  /** The system's ACCEPTANCE_AUTH_SECRET; without it every request goes without a session. */
  acceptanceSecret?: string;
  concurrency?: number;
  say?: (line: string) => void;
}

/**
 * Walks a running system (a one-process app or the gateway) the way an outside client would:
 * reads its `/openapi.json`, signs in a fresh company admin with every operator grant before
 * each operation, and gives the walk a real page so requests also get past the page lookup.
 */
export async function fuzzRunningSystem(options: RunningSystemWalk): Promise<FuzzWalkResult> {
  const description = await call<OpenApiLike>(options.baseUrl, 'GET', '/openapi.json');
  if (description.status !== 200) {
    throw new Error(`GET /openapi.json answered ${description.status}`);
  }
  const company = `Fuzz ${randomBytes(4).toString('hex')}`;
  const secret = options.acceptanceSecret;
  const signIn = secret
    ? async (): Promise<{ cookie: string }> => {
        const exchange = await call(options.baseUrl, 'POST', '/api/acceptance/auth/exchange', {
          body: {
            secret,
            email: `fuzz-${randomBytes(4).toString('hex')}@example.test`,
            company,
            role: 'admin',
            operator_grants: [...OPERATOR_REQUIREMENTS],
          },
        });
        return { cookie: sessionCookieOf(exchange) };
      }
    : undefined;
  const known: Record<string, string> = {};
  if (signIn) {
    const { page } = await createTestPage(options.baseUrl, await signIn(), {
      title: 'Fuzz target',
      markdown: 'line one\nline two\n',
      path: '/Company/Fuzz',
    });
    known.page_id = page.public_id;
  }
  return runFuzzWalk({
    baseUrl: options.baseUrl,
    document: description.body,
    seed: options.seed,
    runsPerOperation: options.runsPerOperation,
    signIn,
    known,
    concurrency: options.concurrency,
    say: options.say,
  });
}
