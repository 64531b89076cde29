import type { Actor } from '@cw/domain';
import type { AppError } from '@cw/platform';
import type { Workflow, WorkflowStatus } from '../workflows-schema';
import type { WorkflowRef } from '../definitions/workflow-ref';
import { workflowNotStartable } from '../errors/workflows-errors';
import type { RunTrigger } from '../workflows-schema';
import type { StartCondition } from './run-start.repository';

/**
 * What differs between the ways a run starts: REST (the CLI and MCP `run_workflow` call it), the
 * webhook trigger and the scheduler. Only this differs; the order of the checks does not
 * (`RunStartService.start`).
 */
export interface StartPath {
  /** The workflow statuses it starts from. */
  startable: readonly WorkflowStatus[];
  /** Names the inputs object in refusals (`inputs.topic`, `body.topic`). */
  inputsField: string;
  /**
   * The refusal of a start over the per-workflow hourly limit (`RunStartLimiter.refusal`), or
   * null for starts that do not count against it.
   */
  overHourlyLimit: 'RATE_LIMITED' | 'RUN_START_LIMIT_REACHED' | null;
  /** What the refusal of a workflow in a status it does not start from says after the status. */
  notStartable: string;
}

/**
 * By trigger. A person also starts a draft (a test run); a webhook link and a schedule start only
 * an active workflow. Scheduled starts do not count against the hourly limit; the webhook
 * trigger's refusals are 409 by the spec, REST's the platform's 429 with Retry-After.
 */
export const START_PATHS: Readonly<Record<RunTrigger, StartPath>> = {
  api: {
    startable: ['draft', 'active'],
    inputsField: 'inputs',
    overHourlyLimit: 'RATE_LIMITED',
    notStartable: 'it starts no new runs.',
  },
  webhook: {
    startable: ['active'],
    inputsField: 'body',
    overHourlyLimit: 'RUN_START_LIMIT_REACHED',
    notStartable: 'a webhook link starts only an active workflow.',
  },
  schedule: {
    startable: ['active'],
    inputsField: 'inputs',
    overHourlyLimit: null,
    notStartable: 'a schedule starts only an active workflow.',
  },
};

export function notStartable(path: StartPath, status: WorkflowStatus): AppError {
  return workflowNotStartable(status, path.notStartable);
}

/** A start as a path asks for it. What differs between paths is data: here and `START_PATHS`. */
export interface RunStart {
  trigger: RunTrigger;
  /** Who starts the run: the caller, the webhook link's holder, the workflow's owner. */
  actor: Actor;
  /**
   * The workflow: a reference, read as `actor` sees it; or the row a path read itself (the
   * scheduler, which reads it to learn whose run it is).
   */
  workflow: WorkflowRef | Workflow;
  /** The run's inputs as the path received them, an omitted object already made `{}`. */
  inputs: unknown;
  runRequestId?: string;
  title?: string;
  /**
   * The workflow's id and declared inputs (which never change), when the path has them: the
   * webhook link carries them. REST finds them in `KnownWorkflowInputs`.
   */
  known?: Pick<Workflow, 'id' | 'inputs'>;
  /** A further condition on the workflow, checked in the one statement (the webhook's link). */
  requires?: StartCondition;
  /**
   * The start to check when the one statement wrote nothing, read afresh: for a path whose
   * `actor` and `requires` came from a cache (the webhook link and its holder).
   */
  afresh?: () => Promise<RunStart>;
  /** The 404 of a workflow `actor` cannot see; the webhook trigger's names the link instead. */
  notFound?: () => AppError;
}
