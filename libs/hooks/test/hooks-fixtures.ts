import { randomBytes } from 'node:crypto';
import {
  call,
  createApiKey,
  type HttpResult,
  signInTestPerson,
  type SignedInTestPerson,
} from '@cw/testing';
import type { DeliveryView } from '../src/deliveries/delivery-view';

/** A signed-in person with an API key (hooks are registered with a bearer token). */
export interface HookUser extends SignedInTestPerson {
  token: string;
}

export interface RegisteredHook {
  id: string;
  kind: 'callback' | 'subscription';
  target: string;
  signing_key_id: string;
  signing_secret: string;
  workflow_public_id: string | null;
  statuses: string[] | null;
  report_id: string | null;
  created_at: string;
}

/** A delivery as the API lists it. */
export type Delivery = DeliveryView;

export interface Refusal {
  success: false;
  error: { code: string; message: string; details?: Record<string, unknown> };
}

export const newCompany = (): string => `Hooks Co ${randomBytes(4).toString('hex')}`;

export async function newHookUser(
  baseUrl: string,
  overrides: Parameters<typeof signInTestPerson>[1] = {},
  scopes: string[] = ['workflows:run'],
): Promise<HookUser> {
  const person = await signInTestPerson(baseUrl, { company: newCompany(), ...overrides });
  return { ...person, token: await createApiKey(baseUrl, person.cookie, scopes) };
}

type Step = Record<string, unknown> & { id: string; block: string };

const COMPOSE: Step = { id: 'compose', block: 'text.compose', template: 'A digest' };

/** An active workflow (company-wide unless told) designed with an explicit plan. */
export async function designWorkflow(
  baseUrl: string,
  user: SignedInTestPerson,
  options: { steps?: Step[]; visibility?: 'company' | 'private' } = {},
): Promise<string> {
  const designed = await call<{ workflow: { id: string } }>(
    baseUrl,
    'POST',
    '/api/workflows/blocks/design',
    {
      cookie: user.cookie,
      body: {
        start_as: 'active',
        visibility: options.visibility ?? 'company',
        intent: {
          name: `Hooked ${randomBytes(3).toString('hex')}`,
          inputs: [],
          steps: options.steps ?? [COMPOSE],
          deliverables: [],
          budget: {},
        },
      },
    },
  );
  if (designed.status !== 201)
    throw new Error(`design failed: ${designed.status} ${designed.text}`);
  return designed.body.workflow.id;
}

export async function startRun(
  baseUrl: string,
  user: SignedInTestPerson,
  workflowId: string,
): Promise<string> {
  const started = await call<{ run_id: string }>(
    baseUrl,
    'POST',
    `/api/workflows/${workflowId}/run`,
    {
      cookie: user.cookie,
      body: {},
    },
  );
  if (started.status !== 201) throw new Error(`start failed: ${started.status} ${started.text}`);
  return started.body.run_id;
}

/** Waits until the run's status satisfies `done` (a worker executes it). */
export async function waitForRun(
  baseUrl: string,
  user: SignedInTestPerson,
  runId: string,
  done: (status: string) => boolean,
  timeoutMs = 30_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await call<{ status: string }>(baseUrl, 'GET', `/api/workflows/runs/${runId}`, {
      cookie: user.cookie,
    });
    if (done(run.body.status)) return run.body.status;
    if (Date.now() > deadline) throw new Error(`run ${runId} stayed ${run.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const isTerminal = (status: string): boolean =>
  ['completed', 'failed', 'cancelled', 'stale', 'budget_exceeded'].includes(status);

/** A run of a one-step workflow, finished. */
export async function finishedRun(
  baseUrl: string,
  user: SignedInTestPerson,
  workflowId?: string,
): Promise<string> {
  const runId = await startRun(baseUrl, user, workflowId ?? (await designWorkflow(baseUrl, user)));
  await waitForRun(baseUrl, user, runId, isTerminal);
  return runId;
}

export function subscribe(
  baseUrl: string,
  token: string,
  body: Record<string, unknown>,
): Promise<HttpResult<RegisteredHook & Refusal>> {
  return call(baseUrl, 'POST', '/api/report-hooks', { token, body });
}

export function registerCallback(
  baseUrl: string,
  token: string,
  reportId: string,
  url: string,
): Promise<HttpResult<RegisteredHook & Refusal>> {
  return call(baseUrl, 'POST', `/api/reports/${reportId}/callbacks`, { token, body: { url } });
}

export async function deliveriesOf(
  baseUrl: string,
  user: { token?: string; cookie?: string },
  hookId: string,
): Promise<Delivery[]> {
  const listed = await call<{ deliveries: Delivery[] }>(
    baseUrl,
    'GET',
    `/api/report-hooks/${hookId}/deliveries`,
    user,
  );
  if (listed.status !== 200) throw new Error(`listing failed: ${listed.status} ${listed.text}`);
  return listed.body.deliveries;
}

/** Waits until the hook has deliveries that all satisfy `done`. */
export async function waitForDeliveries(
  baseUrl: string,
  user: { token?: string; cookie?: string },
  hookId: string,
  done: (deliveries: Delivery[]) => boolean,
  timeoutMs = 30_000,
): Promise<Delivery[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const deliveries = await deliveriesOf(baseUrl, user, hookId);
    if (done(deliveries)) return deliveries;
    if (Date.now() > deadline) {
      throw new Error(`deliveries of ${hookId} stayed ${JSON.stringify(deliveries)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** For `waitForDeliveries`: exactly `count` deliveries, none of them pending any more. */
export const allSettled =
  (count: number) =>
  (deliveries: Delivery[]): boolean =>
    deliveries.length === count && deliveries.every((each) => each.state !== 'pending');

/** For `waitForDeliveries`: exactly `count` deliveries, all of them delivered. */
export const allDelivered =
  (count: number) =>
  (deliveries: Delivery[]): boolean =>
    deliveries.length === count && deliveries.every((each) => each.state === 'delivered');
