import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import { BLOCK_CATALOG, type JsonSchema } from '../blocks/block-catalog';
import {
  DEFINITION_SCHEMA,
  INPUTS_SCHEMA,
  STEP_ID_PATTERN,
} from '../definitions/definition-schema';

const definitionProperties = DEFINITION_SCHEMA.properties as Record<string, JsonSchema>;

/** One step schema per block: `{id, block: <that block>, ...its fields}`. */
function stepSchemas(allowed: (block: string) => boolean): JsonSchema[] {
  return BLOCK_CATALOG.filter((spec) => allowed(spec.block)).map((spec) => ({
    type: 'object',
    description: `${spec.block}: ${spec.description}`,
    properties: {
      id: { type: 'string', pattern: STEP_ID_PATTERN },
      block: { const: spec.block },
      ...(spec.input_schema.properties as Record<string, JsonSchema>),
    },
    required: ['id', 'block', ...((spec.input_schema.required as string[]) ?? [])],
    additionalProperties: false,
  }));
}

export const SUBMIT_PLAN = 'submit_plan';
export const ASK_CLARIFICATION = 'ask_clarification';
export const REPORT_CAPABILITY_GAP = 'report_capability_gap';

/**
 * The tools the model plans with: the plan itself, whose steps are the block catalog (each
 * block's schema is one alternative), a way to ask, and a way to say the blocks cannot do it.
 */
export function composerTools(options: { allowPageWrites: boolean }): ChatCompletionFunctionTool[] {
  return [
    {
      type: 'function',
      function: {
        name: SUBMIT_PLAN,
        description:
          'Submit the workflow plan: its name, declared inputs, ordered steps (each one block), deliverables and budget. Step fields are templates over {{inputs.<name>}} and {{steps.<earlier step id>.output}}.',
        parameters: {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 200 },
            inputs: INPUTS_SCHEMA,
            steps: {
              ...(definitionProperties.steps as Record<string, unknown>),
              items: {
                anyOf: stepSchemas((block) => options.allowPageWrites || block !== 'wiki.write'),
              },
            },
            deliverables: definitionProperties.deliverables,
            budget: definitionProperties.budget,
          },
          required: ['name', 'inputs', 'steps'],
          additionalProperties: false,
        },
      },
    },
    {
      type: 'function',
      function: {
        name: ASK_CLARIFICATION,
        description: 'Ask the person questions when the job is too unclear to plan.',
        parameters: {
          type: 'object',
          properties: {
            questions: {
              type: 'array',
              minItems: 1,
              maxItems: 5,
              items: { type: 'string', minLength: 1, maxLength: 500 },
            },
          },
          required: ['questions'],
          additionalProperties: false,
        },
      },
    },
    {
      type: 'function',
      function: {
        name: REPORT_CAPABILITY_GAP,
        description: 'Say which part of the job no block can do.',
        parameters: {
          type: 'object',
          properties: { gap: { type: 'string', minLength: 1, maxLength: 2000 } },
          required: ['gap'],
          additionalProperties: false,
        },
      },
    },
  ];
}
