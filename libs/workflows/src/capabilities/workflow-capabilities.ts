import { BLOCK_CATALOG, type BlockName, type JsonSchema } from '../blocks/block-catalog';

export interface TriggerCapability {
  trigger: 'manual' | 'webhook' | 'schedule';
  description: string;
  /** What the trigger takes, as JSON Schema. */
  input_schema: JsonSchema;
}

export interface WorkflowCapabilities {
  blocks: { block: BlockName; description: string; input_schema: JsonSchema }[];
  models: string[];
  models_note: string | null;
  triggers: TriggerCapability[];
}

const TRIGGERS: TriggerCapability[] = [
  {
    trigger: 'manual',
    description:
      'POST /api/workflows/{workflow_id}/run (scope workflows:run): a draft or active workflow; an exact retry with the same run_request_id recovers the run.',
    input_schema: {
      type: 'object',
      properties: {
        inputs: { type: 'object', description: 'Values of the declared inputs.' },
        run_request_id: { type: 'string', format: 'uuid' },
        title: { type: 'string', maxLength: 300 },
      },
      additionalProperties: false,
    },
  },
  {
    trigger: 'webhook',
    description:
      'POST /api/workflows/{workflow_id}/webhook-link creates a link (active workflow); POST /api/workflows/hooks/{public_id}/{token} with the inputs as a JSON object (at most 256 KB) starts a run without signing in.',
    input_schema: { type: 'object', description: 'The declared inputs by name.' },
  },
  {
    trigger: 'schedule',
    description:
      'trigger.schedule when authoring: starts a run on the schedule while the workflow is active (at most once a minute).',
    input_schema: {
      type: 'object',
      properties: {
        cron: { type: 'string', description: 'Five cron fields, or six with seconds first.' },
        timezone: { type: 'string', default: 'UTC', description: 'An IANA time zone.' },
      },
      required: ['cron'],
      additionalProperties: false,
    },
  },
];

/** What authoring can use: the blocks with their field schemas, the model, the triggers. */
export function workflowCapabilities(modelName: string | undefined): WorkflowCapabilities {
  return {
    blocks: BLOCK_CATALOG.map(({ block, description, input_schema }) => ({
      block,
      description,
      input_schema,
    })),
    models: modelName ? [modelName] : [],
    models_note: modelName
      ? null
      : 'No model provider is configured: send intent.steps to author; model.generate steps and composing from a job answer capability_gap.',
    triggers: TRIGGERS,
  };
}
