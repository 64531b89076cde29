import { Injectable } from '@nestjs/common';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDefinition } from '../catalog/tool-catalog';
import { asRecord } from './json-record';
import { type Caller, RestClient, RestRefusal, RestUnreachable } from './rest-client';
import { routeCallOf } from './route-call';
import type { RunProgress } from './run-progress';
import { checkArguments, numericPageId, pathValue, ToolArgumentError } from './tool-arguments';
import { errorResult, refusalResult, successResult } from './tool-results';
import { WorkflowRunWaiter } from './workflow-run-waiter';

type Args = Record<string, unknown>;

/** `read_page`: the page's metadata, and its body as `markdown`. */
function pageWithMarkdown(answer: Record<string, unknown>): Record<string, unknown> {
  const { content_md: markdown, ...page } = asRecord(answer.page);
  return { ...answer, page, markdown: typeof markdown === 'string' ? markdown : null };
}

/** Runs one `tools/call`: checks the arguments, calls the tool's route(s) as the caller. */
@Injectable()
export class ToolRunner {
  constructor(
    private readonly rest: RestClient,
    private readonly runs: WorkflowRunWaiter,
  ) {}

  /** `progress`: the request's progress reporter (`run_workflow` with `wait_seconds` uses it). */
  async run(
    tool: ToolDefinition,
    args: Args,
    caller: Caller,
    progress?: RunProgress,
  ): Promise<CallToolResult> {
    try {
      // The spec's own message for a page UUID comes before any other refusal.
      if (tool.shape.numericPageId) numericPageId(args.page_id);
      checkArguments(tool, args);
      const value = await this.answer(tool, args, caller, progress);
      return successResult(value, tool.route);
    } catch (error) {
      if (error instanceof ToolArgumentError) {
        return errorResult(400, 'VALIDATION_ERROR', error.message, { field: error.field });
      }
      if (error instanceof RestRefusal) return refusalResult(error.answer);
      if (error instanceof RestUnreachable) {
        return errorResult(503, 'SERVICE_UNAVAILABLE', 'The API could not be reached.');
      }
      throw error;
    }
  }

  private async answer(
    tool: ToolDefinition,
    args: Args,
    caller: Caller,
    progress?: RunProgress,
  ): Promise<Args> {
    switch (tool.shape.kind) {
      case 'run_code':
        return this.runCode(tool, args, caller);
      case 'run_workflow':
        return this.runs.run(tool, args, caller, progress);
      case 'route':
        return this.callRoute(tool, args, caller);
    }
  }

  private async callRoute(tool: ToolDefinition, args: Args, caller: Caller): Promise<Args> {
    const given: Args = { ...tool.shape.defaults, ...args };
    if (tool.shape.numericPageId) given.page_id = numericPageId(args.page_id);
    const answer = await this.rest.call(
      tool.route,
      routeCallOf(tool.route, given, tool.shape.renames),
      caller,
    );
    const value = tool.route.wrapsResult ? { result: answer } : asRecord(answer);
    return tool.shape.pageWithMarkdown ? pageWithMarkdown(value) : value;
  }

  private async runCode(tool: ToolDefinition, args: Args, caller: Caller): Promise<Args> {
    let sessionId = args.session_id;
    if (sessionId === undefined) {
      const session = tool.helpers.session!;
      const created = asRecord(await this.rest.call(session, routeCallOf(session, args), caller));
      sessionId = created.session_id;
    }
    const cellArgs = { ...args, session_id: pathValue('session_id', sessionId) };
    const cell = asRecord(
      await this.rest.call(tool.route, routeCallOf(tool.route, cellArgs), caller),
    );
    return { ...cell, session_id: cellArgs.session_id };
  }
}
