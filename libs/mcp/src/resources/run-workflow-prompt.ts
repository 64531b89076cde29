import { ErrorCode, type GetPromptResult, type Prompt } from '@modelcontextprotocol/sdk/types.js';
import { RpcError } from './resource-errors';

/**
 * MCP completes only prompt and resource-template arguments, never a tool's: this prompt is
 * how a client offers the caller's workflow names for `run_workflow`'s `workflow`.
 */
export const RUN_WORKFLOW_PROMPT: Prompt = {
  name: 'run_workflow',
  title: 'Run a workflow',
  description: 'Runs one of your workflows with the run_workflow tool and reports its outcome.',
  arguments: [
    {
      name: 'workflow',
      description: 'The workflow: its exact name (completed from yours), display number or id.',
      required: true,
    },
    { name: 'inputs', description: 'Its inputs as a JSON object, if it takes any.' },
  ],
};

const MAX_ARGUMENT = 2_000;

function argumentOf(args: Record<string, string> | undefined, name: string): string | undefined {
  const value = args?.[name]?.trim();
  if (value !== undefined && value.length > MAX_ARGUMENT) {
    throw new RpcError(
      ErrorCode.InvalidParams,
      `${name} may hold at most ${MAX_ARGUMENT} characters.`,
    );
  }
  return value === '' ? undefined : value;
}

export function runWorkflowPrompt(args: Record<string, string> | undefined): GetPromptResult {
  const workflow = argumentOf(args, 'workflow');
  if (workflow === undefined) {
    throw new RpcError(
      ErrorCode.InvalidParams,
      'The run_workflow prompt needs the argument workflow.',
    );
  }
  const inputs = argumentOf(args, 'inputs');
  const arguments_ = JSON.stringify({ workflow, wait_seconds: 60 });
  return {
    description: RUN_WORKFLOW_PROMPT.description,
    messages: [
      {
        role: 'user',
        content: {
          type: 'text',
          text:
            `Call the run_workflow tool with ${arguments_}` +
            (inputs ? ` and these inputs: ${inputs}` : '') +
            '. Then tell me the run’s status and outcome, and where its report is.',
        },
      },
    ],
  };
}
