import { Injectable } from '@nestjs/common';
import {
  type CompleteRequest,
  type CompleteResult,
  ErrorCode,
} from '@modelcontextprotocol/sdk/types.js';
import { asRecord } from '../calls/json-record';
import { type Caller, RestClient, RestRefusal } from '../calls/rest-client';
import { MAX_COMPLETIONS, PagePaths } from './page-paths';
import { PAGE_BY_ID_TEMPLATE, PAGE_BY_PATH_TEMPLATE } from './page-uris';
import { RpcError } from './resource-errors';
import { RestRoutes } from './rest-routes';
import { RUN_WORKFLOW_PROMPT } from './run-workflow-prompt';

const WORKFLOW_PAGE = 200;
/** Workflow list pages a completion reads: 1000 workflows, WORKFLOWS_PER_COMPANY's default. */
const WORKFLOW_PAGES = 5;

type Completion = CompleteResult['completion'];

const NONE: Completion = { values: [], hasMore: false };

/** `completion/complete`: the caller's workflow names and page paths, as REST shows them. */
@Injectable()
export class Completions {
  constructor(
    private readonly rest: RestClient,
    private readonly routes: RestRoutes,
    private readonly paths: PagePaths,
  ) {}

  async complete(params: CompleteRequest['params'], caller: Caller): Promise<CompleteResult> {
    const { ref, argument } = params;
    let completion: Completion;
    if (ref.type === 'ref/prompt' && ref.name === RUN_WORKFLOW_PROMPT.name) {
      completion =
        argument.name === 'workflow' ? await this.workflows(argument.value, caller) : NONE;
    } else if (ref.type === 'ref/resource' && ref.uri === PAGE_BY_PATH_TEMPLATE) {
      completion = argument.name === 'path' ? await this.pagePaths(argument.value, caller) : NONE;
    } else if (ref.type === 'ref/resource' && ref.uri === PAGE_BY_ID_TEMPLATE) {
      completion = NONE;
    } else {
      throw new RpcError(
        ErrorCode.InvalidParams,
        `Nothing to complete for ${ref.type === 'ref/prompt' ? `the prompt ${ref.name}` : ref.uri}.`,
      );
    }
    return { completion };
  }

  /** Names of the workflows the caller can see that begin with `prefix` (case-insensitively). */
  private async workflows(prefix: string, caller: Caller): Promise<Completion> {
    const wanted = prefix.toLowerCase();
    const names = new Set<string>();
    let more = false;
    for (let page = 0; page < WORKFLOW_PAGES; page += 1) {
      const answer = asRecord(
        await this.rest.call(
          this.routes.route('listWorkflows'),
          { path: {}, query: { limit: WORKFLOW_PAGE, offset: page * WORKFLOW_PAGE } },
          caller,
        ),
      );
      const workflows = Array.isArray(answer.workflows) ? answer.workflows.map(asRecord) : [];
      for (const { name } of workflows) {
        if (typeof name === 'string' && name.toLowerCase().startsWith(wanted)) names.add(name);
      }
      more = answer.has_more === true && workflows.length > 0;
      if (!more) break;
    }
    const values = [...names].sort((a, b) => a.localeCompare(b));
    return {
      values: values.slice(0, MAX_COMPLETIONS),
      hasMore: more || values.length > MAX_COMPLETIONS,
    };
  }

  /** A folder the caller cannot see (or that does not exist) completes to nothing. */
  private async pagePaths(value: string, caller: Caller): Promise<Completion> {
    try {
      return await this.paths.complete(value, caller);
    } catch (error) {
      if (error instanceof RestRefusal && error.answer.status === 404) return NONE;
      throw error;
    }
  }
}
