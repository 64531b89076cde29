import { createHash } from 'node:crypto';
import type { Actor } from '@cw/domain';
import { type FieldProblem, validationError } from '@cw/platform';
import type { OutputPage, WorkflowVisibility } from '../workflows-schema';
import { validateDefinition, validateInputs } from '../definitions/validate-definition';
import type { WorkflowDefinition, WorkflowInput } from '../definitions/workflow-definition';
import { checkSchedule, type Schedule } from '../schedules/schedule';
import type { DesignRequestDto } from './dtos/design-request.dto';
import type { ComposeRequest } from './plan-composer';

/** How the workflow is kept, whoever plans its steps. */
export interface DesignSettings {
  status: 'draft' | 'active';
  visibility: WorkflowVisibility;
  teamId: string | null;
  schedule: Schedule | null;
  outputPage: OutputPage | null;
}

export interface ExplicitPlan {
  name: string;
  inputs: WorkflowInput[];
  definition: WorkflowDefinition;
}

/** A checked design request: an explicit plan to save, or a job for the composer. */
export type DesignPlan = { settings: DesignSettings } & (
  | { kind: 'explicit'; plan: ExplicitPlan }
  | { kind: 'compose'; request: ComposeRequest; name?: string }
);

/** Problems of the validators name `definition.…`; in this request the plan is `intent.…`. */
function asIntentProblems(problems: FieldProblem[]): FieldProblem[] {
  return problems.map((problem) => ({
    field: problem.field.replace(/^definition\./, 'intent.'),
    message: problem.message.replace(/\bdefinition\./g, 'intent.'),
  }));
}

function settingsOf(
  actor: Actor,
  body: DesignRequestDto,
  problems: FieldProblem[],
): DesignSettings {
  const visibility = body.visibility ?? 'company';
  if (visibility === 'team') {
    if (!body.team_id) {
      problems.push({ field: 'team_id', message: 'team_id is required with visibility "team"' });
    } else if (!actor.teamIds.includes(body.team_id)) {
      problems.push({ field: 'team_id', message: 'team_id must be one of your teams' });
    }
  } else if (body.team_id) {
    problems.push({ field: 'team_id', message: 'team_id goes only with visibility "team"' });
  }
  let schedule: Schedule | null = null;
  if (body.trigger?.schedule) {
    const { cron, timezone } = body.trigger.schedule;
    const checked = checkSchedule(timezone === undefined ? { cron } : { cron, timezone });
    if (checked.ok) schedule = checked.value;
    else problems.push(...checked.problems);
  }
  const page = body.output?.create_page;
  return {
    status: body.start_as ?? 'draft',
    visibility,
    teamId: visibility === 'team' ? (body.team_id ?? null) : null,
    schedule,
    outputPage: page ? { path: page.path, title: page.title } : null,
  };
}

function guidanceOf(body: DesignRequestDto): string | undefined {
  const parts: string[] = [];
  if (body.source_requirements) parts.push(`Sources: ${body.source_requirements}`);
  if (body.report_spec) parts.push(`Report: ${body.report_spec}`);
  if (body.intent?.inputs)
    parts.push(`Declare these inputs: ${JSON.stringify(body.intent.inputs)}`);
  parts.push(
    body.execution_mode === 'assisted'
      ? 'Parts that need a person may be work_packet steps.'
      : 'The workflow runs unattended: use no work_packet step.',
  );
  return parts.join('\n');
}

/**
 * Checks everything about a design request that its DTO cannot: the team, the schedule, and an
 * explicit plan against the block catalog. Throws one VALIDATION_ERROR listing every problem.
 */
export function checkDesignRequest(actor: Actor, body: DesignRequestDto): DesignPlan {
  const problems: FieldProblem[] = [];
  const settings = settingsOf(actor, body, problems);
  const intent = body.intent;
  let plan: DesignPlan | undefined;
  if (intent?.steps) {
    if (!intent.name)
      problems.push({ field: 'intent.name', message: 'intent.name is required with intent.steps' });
    const inputs = validateInputs(intent.inputs ?? [], 'intent.inputs');
    if (!inputs.ok) problems.push(...inputs.problems);
    else {
      const definition = validateDefinition(
        { steps: intent.steps, deliverables: intent.deliverables, budget: intent.budget },
        inputs.value,
      );
      if (!definition.ok) problems.push(...asIntentProblems(definition.problems));
      else if (intent.name) {
        plan = {
          settings,
          kind: 'explicit',
          plan: { name: intent.name, inputs: inputs.value, definition: definition.value },
        };
      }
    }
  } else if (!body.job) {
    problems.push({ field: 'job', message: 'job is required unless intent.steps is given' });
  } else {
    plan = {
      settings,
      kind: 'compose',
      name: intent?.name,
      request: {
        job: body.job,
        model: body.model,
        writesPage: settings.outputPage !== null,
        guidance: guidanceOf(body),
      },
    };
  }
  if (problems.length > 0 || !plan) throw validationError(problems);
  return plan;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, each]) => each !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, each]) => [key, canonical(each)]),
    );
  }
  return value;
}

/** The request as stored and compared: the body without `wait`, which only says how to answer. */
export function requestOf(body: DesignRequestDto): Record<string, unknown> {
  const { wait: _wait, ...request } = body;
  return canonical(request) as Record<string, unknown>;
}

/** Equal for the same request whatever the order of its fields. */
export function requestHashOf(request: Record<string, unknown>): Buffer {
  return createHash('sha256').update(JSON.stringify(request)).digest();
}
