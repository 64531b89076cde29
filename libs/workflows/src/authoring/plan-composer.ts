import type { FieldProblem } from '@cw/platform';
import type {
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { createModelClient, type ModelClient } from '../common/model/model-client';
import { validateDefinition, validateInputs } from '../definitions/validate-definition';
import type { WorkflowDefinition, WorkflowInput } from '../definitions/workflow-definition';
import {
  ASK_CLARIFICATION,
  composerTools,
  REPORT_CAPABILITY_GAP,
  SUBMIT_PLAN,
} from './composer-tools';

export interface ComposedPlan {
  name: string;
  inputs: WorkflowInput[];
  definition: WorkflowDefinition;
}

export type ComposeResult =
  | { kind: 'plan'; plan: ComposedPlan }
  | { kind: 'needs_clarification'; questions: string[] }
  | { kind: 'capability_gap'; gap: string }
  | { kind: 'failed'; error: string };

export interface ModelProviderSettings {
  url?: string;
  apiKey?: string;
  model?: string;
  timeoutMs: number;
}

export interface ComposeRequest {
  job: string;
  /** A model the person asked for; the configured one otherwise. */
  model?: string;
  /** `output.create_page` was asked for: only then may the plan write wiki pages itself. */
  writesPage: boolean;
  /** Free-form guidance from the request (`source_requirements`, `report_spec`). */
  guidance?: string;
}

/** How many times the model may submit a plan that does not validate before the composer gives up. */
const PLAN_ATTEMPTS = 3;
/** Each model call may be tried this often (the client's own retry included). */
const CALL_TRIES = 2;

/** The longest a composition can take: every attempt, every try, each up to the timeout. */
export function longestCompositionMs(timeoutMs: number): number {
  return PLAN_ATTEMPTS * CALL_TRIES * timeoutMs;
}

const SYSTEM_PROMPT = [
  'You plan workflows for a company wiki and report service.',
  'Plan only with the blocks the submit_plan tool offers; never invent a block or a field.',
  'Declare every input the steps read as {{inputs.<name>}}; a step may read only steps before it.',
  'Nothing is inferred from the job beyond what it asks: write no wiki page unless the tools allow wiki.write.',
  'If the job is unclear, call ask_clarification; if no block can do part of it, call report_capability_gap.',
].join('\n');

function parseArguments(json: string): Record<string, unknown> {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function problemText(problems: readonly FieldProblem[]): string {
  return problems.map((problem) => `- ${problem.field}: ${problem.message}`).join('\n');
}

function checkPlan(argumentsJson: string): { plan: ComposedPlan } | { problems: FieldProblem[] } {
  let raw: {
    name?: unknown;
    inputs?: unknown;
    steps?: unknown;
    deliverables?: unknown;
    budget?: unknown;
  };
  try {
    raw = JSON.parse(argumentsJson) as typeof raw;
  } catch {
    return { problems: [{ field: 'arguments', message: 'the tool arguments are not JSON' }] };
  }
  if (typeof raw.name !== 'string' || raw.name.trim().length === 0 || raw.name.length > 200) {
    return { problems: [{ field: 'name', message: 'name must be 1 to 200 characters' }] };
  }
  const inputs = validateInputs(raw.inputs ?? []);
  if (!inputs.ok) return { problems: inputs.problems };
  const definition = validateDefinition(
    { steps: raw.steps, deliverables: raw.deliverables, budget: raw.budget },
    inputs.value,
  );
  if (!definition.ok) return { problems: definition.problems };
  return { plan: { name: raw.name.trim(), inputs: inputs.value, definition: definition.value } };
}

/**
 * Turns a job description into a workflow plan with an OpenAI-compatible model: the block
 * catalog goes to the model as tools, every plan that comes back is validated like a plan a
 * person sends, and a plan that does not validate goes back to the model with its problems. It
 * never returns a plan that does not validate: after the last attempt it reports the gap.
 */
export class PlanComposer {
  private readonly client?: ModelClient;

  constructor(private readonly settings: ModelProviderSettings) {
    if (settings.url) {
      this.client = createModelClient({
        baseURL: settings.url,
        apiKey: settings.apiKey,
        timeoutMs: settings.timeoutMs,
        maxRetries: CALL_TRIES - 1,
      });
    }
  }

  get configured(): boolean {
    return this.client !== undefined;
  }

  async compose(request: ComposeRequest): Promise<ComposeResult> {
    const client = this.client;
    const model = request.model ?? this.settings.model;
    if (!client || !model) {
      return {
        kind: 'capability_gap',
        gap: 'No model provider is configured (MODEL_PROVIDER_URL and MODEL_NAME), so a job description cannot be planned; send intent.steps to save an explicit plan.',
      };
    }
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: SYSTEM_PROMPT },
      {
        role: 'user',
        content: request.guidance
          ? `${request.job}\n\nRequirements:\n${request.guidance}`
          : request.job,
      },
    ];
    const tools = composerTools({ allowPageWrites: request.writesPage });
    let lastProblems: FieldProblem[] = [];
    for (let attempt = 1; attempt <= PLAN_ATTEMPTS; attempt += 1) {
      let call: ChatCompletionMessageFunctionToolCall | undefined;
      try {
        const completion = await client.chat.completions.create({
          model,
          messages,
          tools,
          tool_choice: 'required',
        });
        const message = completion.choices[0]?.message;
        call = message?.tool_calls?.find(
          (each): each is ChatCompletionMessageFunctionToolCall => each.type === 'function',
        );
        if (!message || !call) {
          return {
            kind: 'failed',
            error: 'The model provider answered without calling a planning tool.',
          };
        }
        messages.push({ role: 'assistant', content: message.content ?? null, tool_calls: [call] });
      } catch (error) {
        return {
          kind: 'failed',
          error: `The model provider could not be reached or refused: ${(error as Error).message}`,
        };
      }
      const outcome = this.read(call);
      if (outcome.kind !== 'retry') return outcome;
      lastProblems = outcome.problems;
      messages.push({
        role: 'tool',
        tool_call_id: call.id,
        content: `The plan does not validate; fix these and submit it again:\n${problemText(outcome.problems)}`,
      });
    }
    return {
      kind: 'capability_gap',
      gap: `The model could not produce a plan that validates against the blocks in ${PLAN_ATTEMPTS} attempts:\n${problemText(lastProblems)}`,
    };
  }

  private read(
    call: ChatCompletionMessageFunctionToolCall,
  ): ComposeResult | { kind: 'retry'; problems: FieldProblem[] } {
    const args = call.function.arguments;
    switch (call.function.name) {
      case SUBMIT_PLAN: {
        const checked = checkPlan(args);
        return 'plan' in checked
          ? { kind: 'plan', plan: checked.plan }
          : { kind: 'retry', problems: checked.problems };
      }
      case ASK_CLARIFICATION: {
        const { questions } = parseArguments(args);
        return Array.isArray(questions) &&
          questions.length > 0 &&
          questions.every((each) => typeof each === 'string')
          ? { kind: 'needs_clarification', questions: questions.slice(0, 5) }
          : {
              kind: 'retry',
              problems: [{ field: 'questions', message: 'questions must be a list of strings' }],
            };
      }
      case REPORT_CAPABILITY_GAP: {
        const { gap } = parseArguments(args);
        return typeof gap === 'string' && gap.length > 0
          ? { kind: 'capability_gap', gap: gap.slice(0, 2000) }
          : { kind: 'retry', problems: [{ field: 'gap', message: 'gap must be text' }] };
      }
      default:
        return {
          kind: 'retry',
          problems: [{ field: 'tool', message: `there is no tool ${call.function.name}` }],
        };
    }
  }
}
