import type { JsonSchema } from '../blocks/block-catalog';
import { LIMITS } from './workflow-definition';

export const NAME_PATTERN = '^[a-z][a-z0-9_]{0,63}$';
export const STEP_ID_PATTERN = '^[a-z][a-z0-9_-]{0,63}$';

/** The declared inputs of a workflow. */
export const INPUTS_SCHEMA: JsonSchema = {
  type: 'array',
  maxItems: LIMITS.inputs,
  items: {
    type: 'object',
    properties: {
      name: { type: 'string', pattern: NAME_PATTERN },
      type: { enum: ['text', 'number', 'boolean'] },
      required: { type: 'boolean' },
      description: { type: 'string', maxLength: 500 },
    },
    required: ['name', 'type', 'required'],
    additionalProperties: false,
  },
};

/** The shape of a definition; each step's own fields are checked against its block's schema. */
export const DEFINITION_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    steps: {
      type: 'array',
      minItems: 1,
      maxItems: LIMITS.steps,
      items: {
        type: 'object',
        properties: {
          id: { type: 'string', pattern: STEP_ID_PATTERN },
          block: { type: 'string' },
        },
        required: ['id', 'block'],
      },
    },
    deliverables: {
      type: 'array',
      maxItems: LIMITS.deliverables,
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', pattern: NAME_PATTERN },
          required: { type: 'boolean' },
          from_step: { type: 'string', pattern: STEP_ID_PATTERN },
        },
        required: ['name', 'required', 'from_step'],
        additionalProperties: false,
      },
    },
    budget: {
      type: 'object',
      properties: {
        max_steps: { type: 'integer', minimum: 1, maximum: 10_000 },
        max_seconds: { type: 'integer', minimum: 1, maximum: 86_400 },
      },
      additionalProperties: false,
    },
  },
  required: ['steps'],
  additionalProperties: false,
};
