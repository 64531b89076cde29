import { call, type HttpResult, type TestApp } from '@cw/testing';
import { DataSource } from 'typeorm';
import { EVIDENCE_STORE, type EvidenceStore } from '../src/evidence/evidence-store';
import { FeedbackIntakeModule } from '../src/intake/feedback-intake.module';
import { IntakeSeedRepository } from '../src/testing/intake-seed.repository';
import { startFeedbackTestApp, TEST_INTERNAL_TOKEN } from './feedback-test-app';

/** The webhook secret of the intake test apps: GitHub's own example secret. */
export const TEST_GITHUB_SECRET = "It's a Secret to Everybody";

export interface IntakeHarness {
  server: TestApp;
  seed: IntakeSeedRepository;
  store: EvidenceStore;
  db: DataSource;
}

/** The intake module in a test app (INTERNAL_API_TOKEN and GITHUB_WEBHOOK_SECRET set). */
export async function startIntakeTestApp(env: Record<string, string> = {}): Promise<IntakeHarness> {
  const server = await startFeedbackTestApp({
    modules: [FeedbackIntakeModule],
    env: { GITHUB_WEBHOOK_SECRET: TEST_GITHUB_SECRET, ...env },
  });
  const db = server.app.get(DataSource);
  return {
    server,
    db,
    seed: new IntakeSeedRepository(db),
    store: server.app.get<symbol, EvidenceStore>(EVIDENCE_STORE),
  };
}

export interface InternalCallOptions {
  body?: unknown;
  rawBody?: string;
  leaseToken?: string;
  /** The internal token to send; default the right one, null for none. */
  internalToken?: string | null;
  headers?: Record<string, string>;
}

/** A call to an internal route with `x-internal-token` (and the lease header when given). */
export function internalCall<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  options: InternalCallOptions = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const internalToken =
    options.internalToken === undefined ? TEST_INTERNAL_TOKEN : options.internalToken;
  if (internalToken !== null) headers['x-internal-token'] = internalToken;
  if (options.leaseToken !== undefined) headers['x-feedback-lease-token'] = options.leaseToken;
  return call<T>(baseUrl, method, path, { body: options.body, rawBody: options.rawBody, headers });
}

export interface ReportBody {
  id: string;
  status: string;
  message: string;
  created_at: string;
  has_pr: boolean;
  pull_request_url: string | null;
  attachments: { feedback_attachment_id: string; filename: string; url: string; size: number }[];
  proposal: { summary: string; plan: string | null; duplicate_of: string | null } | null;
}

export interface ClaimBody {
  feedback: ReportBody | null;
  lease_token?: string;
  lease_expires_at?: string;
  queue?: 'empty';
}

export function claim(
  baseUrl: string,
  sessionId: string,
  leaseSeconds?: number,
): Promise<HttpResult<ClaimBody>> {
  return internalCall<ClaimBody>(baseUrl, 'POST', '/api/feedback/intake/claim', {
    body: {
      session_id: sessionId,
      ...(leaseSeconds !== undefined && { lease_seconds: leaseSeconds }),
    },
  });
}

/** Reports created one millisecond apart from `start`, so their order is known. */
export async function seedApprovedReports(
  seed: IntakeSeedRepository,
  count: number,
  start = new Date('2026-01-01T00:00:00Z'),
): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    ids.push(
      await seed.insertReport({
        status: 'approved',
        createdAt: new Date(start.getTime() + index),
        message: `Approved report ${index}`,
      }),
    );
  }
  return ids;
}
