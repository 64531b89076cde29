/** A JSON Schema (2020-12) object, as `GET /api/workflow-capabilities` publishes it. */
export type JsonSchema = Readonly<Record<string, unknown>>;

export const BLOCK_NAMES = [
  'wiki.search',
  'wiki.read',
  'wiki.write',
  'text.compose',
  'code.run',
  'http.request',
  'model.generate',
  'work_packet',
  'assert',
  'wait',
] as const;

export type BlockName = (typeof BLOCK_NAMES)[number];

export interface BlockSpec {
  block: BlockName;
  description: string;
  /** The step's own fields (beside `id` and `block`). */
  input_schema: JsonSchema;
  /** Fields rendered as templates before the step runs; their references are checked on save. */
  templateFields: readonly string[];
}

const template = (description: string, maxLength = 20_000): JsonSchema => ({
  type: 'string',
  minLength: 1,
  maxLength,
  description: `${description} A template: {{inputs.<name>}} and {{steps.<step id>.output}} are filled in.`,
});

const fields = (
  properties: Record<string, JsonSchema>,
  required: readonly string[],
): JsonSchema => ({ type: 'object', properties, required, additionalProperties: false });

/** Every block a step can use. The order is the order of the capabilities listing. */
export const BLOCK_CATALOG: readonly BlockSpec[] = [
  {
    block: 'wiki.search',
    description:
      'Searches the wiki as the person who started the run (their current access). Output: [{page_id, page_public_id, path, title, snippet}].',
    input_schema: fields(
      {
        query: template('The search words.', 500),
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 5 },
        include_shared: {
          type: 'boolean',
          default: true,
          description: 'Also team and company pages (else only the Private lane).',
        },
      },
      ['query'],
    ),
    templateFields: ['query'],
  },
  {
    block: 'wiki.read',
    description:
      'Reads one page the starting person can read, by public UUID or numeric id. Output: {page_public_id, title, path, version, markdown}.',
    input_schema: fields({ page: template('The page UUID or numeric id.', 100) }, ['page']),
    templateFields: ['page'],
  },
  {
    block: 'wiki.write',
    description:
      'Creates or replaces the page at folder `path` with `title` as the starting person (the same rules as an upsert). Output: {page_public_id, version, path}.',
    input_schema: fields(
      {
        path: {
          type: 'string',
          pattern: '^/(Private|Company|Teams/[^/]+)(/[^/]+)*$',
          maxLength: 500,
          description: 'The folder: /Private/…, /Teams/<team>/… or /Company/….',
        },
        title: template('The page title.', 200),
        markdown: template('The page body.', 1_000_000),
      },
      ['path', 'title', 'markdown'],
    ),
    templateFields: ['title', 'markdown'],
  },
  {
    block: 'text.compose',
    description: 'Fills a text template. Output: the text.',
    input_schema: fields({ template: template('The text to compose.', 200_000) }, ['template']),
    templateFields: ['template'],
  },
  {
    block: 'code.run',
    description:
      'Runs JavaScript in the code-session sandbox (no network, files or environment); `inputs` and `steps` are globals. Output: the JSON value of the last expression.',
    input_schema: fields({ code: { type: 'string', minLength: 1, maxLength: 100_000 } }, ['code']),
    templateFields: [],
  },
  {
    block: 'http.request',
    description:
      'Calls a public https address (the same address rules as report hooks; redirects are not followed). Output: {status, headers, body}.',
    input_schema: fields(
      {
        url: template('The https URL.', 2_000),
        method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], default: 'GET' },
        headers: {
          type: 'object',
          additionalProperties: { type: 'string', maxLength: 4_000 },
          maxProperties: 30,
        },
        body: template('The request body.', 1_000_000),
      },
      ['url'],
    ),
    templateFields: ['url', 'body'],
  },
  {
    block: 'model.generate',
    description:
      'Asks the configured OpenAI-compatible model provider. Output: the generated text. Without a provider the run fails with capability_gap.',
    input_schema: fields(
      {
        prompt: template('The prompt.', 200_000),
        system: { type: 'string', maxLength: 20_000 },
        max_tokens: { type: 'integer', minimum: 1, maximum: 32_000 },
      },
      ['prompt'],
    ),
    templateFields: ['prompt'],
  },
  {
    block: 'work_packet',
    description:
      'Pauses the run in awaiting_work_packet until someone posts the result to the run’s work-packet route. Output: that result.',
    input_schema: fields({ instructions: template('What the worker should do.') }, [
      'instructions',
    ]),
    templateFields: ['instructions'],
  },
  {
    block: 'assert',
    description:
      'Evaluates `that`, a JavaScript expression over `inputs` and `steps`, in the sandbox, or takes it as given when it is a boolean; anything but true fails the run with `message`.',
    input_schema: fields(
      {
        that: {
          anyOf: [
            {
              type: 'string',
              minLength: 1,
              maxLength: 10_000,
              description: 'A JavaScript expression over `inputs` and `steps`.',
            },
            { type: 'boolean', description: 'The outcome itself: true passes, false fails.' },
          ],
        },
        message: { type: 'string', minLength: 1, maxLength: 2_000 },
      },
      ['that', 'message'],
    ),
    templateFields: [],
  },
  {
    block: 'wait',
    description: 'Waits `seconds` before the next step (the run keeps its place across restarts).',
    input_schema: fields({ seconds: { type: 'number', minimum: 0, maximum: 86_400 } }, ['seconds']),
    templateFields: [],
  },
];

const BY_NAME = new Map<string, BlockSpec>(BLOCK_CATALOG.map((spec) => [spec.block, spec]));

export function blockSpecOf(block: string): BlockSpec | undefined {
  return BY_NAME.get(block);
}
