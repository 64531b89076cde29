import { Injectable } from '@nestjs/common';
import { MAX_WAIT_SECONDS } from '../catalog/tool-shapes';
import type { ToolDefinition } from '../catalog/tool-catalog';
import { asRecord } from './json-record';
import { type Caller, RestClient, RestRefusal } from './rest-client';
import { routeCallOf } from './route-call';
import type { RunProgress } from './run-progress';
import { isUuid, pathValue, ToolArgumentError } from './tool-arguments';

type Args = Record<string, unknown>;

/** Statuses a run does not leave by waiting: the spec's terminal ones and the two pauses. */
const SETTLED = new Set([
  'completed',
  'failed',
  'cancelled',
  'stale',
  'budget_exceeded',
  'awaiting_work_packet',
  'awaiting_approval',
]);
const LIST_PAGE = 200;
const FIRST_POLL_MS = 100;
const LONGEST_POLL_MS = 1_000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** `run_workflow`: finds the workflow (id, number or exact name), starts it, and maybe waits. */
@Injectable()
export class WorkflowRunWaiter {
  constructor(private readonly rest: RestClient) {}

  async run(
    tool: ToolDefinition,
    args: Args,
    caller: Caller,
    progress?: RunProgress,
  ): Promise<Args> {
    const waitSeconds = this.waitSecondsOf(args.wait_seconds);
    const workflowId = await this.workflowIdOf(tool, args.workflow, caller);
    const [workflowParameter] = tool.route.pathParameters;
    const started = asRecord(
      await this.rest.call(
        tool.route,
        routeCallOf(tool.route, { ...args, [workflowParameter.name]: workflowId }),
        caller,
      ),
    );
    if (waitSeconds === 0 || typeof started.run_id !== 'string') return started;
    try {
      const run = await this.settled(tool, started.run_id, waitSeconds, caller, progress);
      return { ...started, run };
    } finally {
      progress?.end();
    }
  }

  private waitSecondsOf(value: unknown): number {
    if (value === undefined) return 0;
    if (typeof value !== 'number' || !(value >= 0 && value <= MAX_WAIT_SECONDS)) {
      throw new ToolArgumentError(
        'wait_seconds',
        `wait_seconds must be a number from 0 to ${MAX_WAIT_SECONDS}.`,
      );
    }
    return value;
  }

  /** A UUID or display number goes to the route as it is; anything else is an exact name. */
  private async workflowIdOf(
    tool: ToolDefinition,
    workflow: unknown,
    caller: Caller,
  ): Promise<string> {
    const given = pathValue('workflow', workflow);
    if (isUuid(given) || /^[1-9]\d{0,9}$/.test(given)) return given;
    const list = tool.helpers.workflowList!;
    const matches: Args[] = [];
    for (let offset = 0; ; offset += LIST_PAGE) {
      const page = asRecord(
        await this.rest.call(list, { path: {}, query: { limit: LIST_PAGE, offset } }, caller),
      );
      const workflows = Array.isArray(page.workflows) ? page.workflows.map(asRecord) : [];
      matches.push(...workflows.filter((candidate) => candidate.name === given));
      if (page.has_more !== true || workflows.length === 0) break;
    }
    if (matches.length === 1 && typeof matches[0].id === 'string') return matches[0].id;
    if (matches.length === 0) {
      throw new RestRefusal({
        status: 404,
        body: {
          error: {
            code: 'NOT_FOUND',
            message: `No workflow you can see is named exactly "${given}".`,
          },
        },
      });
    }
    throw new ToolArgumentError(
      'workflow',
      `Several workflows are named "${given}": pass the id or display number of one ` +
        `(${matches.map((match) => String(match.number)).join(', ')}).`,
    );
  }

  private async settled(
    tool: ToolDefinition,
    runId: string,
    waitSeconds: number,
    caller: Caller,
    progress?: RunProgress,
  ): Promise<Args> {
    const runView = tool.helpers.runView!;
    const [runParameter] = runView.pathParameters;
    const deadline = Date.now() + waitSeconds * 1000;
    let pause = FIRST_POLL_MS;
    for (;;) {
      const view = asRecord(
        await this.rest.call(runView, routeCallOf(runView, { [runParameter.name]: runId }), caller),
      );
      await progress?.observe(view);
      const remaining = deadline - Date.now();
      if (SETTLED.has(String(view.status)) || remaining <= 0) return view;
      await sleep(Math.min(pause, remaining));
      pause = Math.min(pause * 2, LONGEST_POLL_MS);
    }
  }
}
