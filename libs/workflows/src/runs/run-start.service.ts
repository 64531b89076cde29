import { Injectable } from '@nestjs/common';
import { isUniqueViolation } from '@cw/db';
import { validationError } from '@cw/platform';
import { OutboxWriter } from '@cw/queue';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import type { WorkflowRef } from '../definitions/workflow-ref';
import { WorkflowRepository } from '../definitions/workflow.repository';
import { noVisibleWorkflow, workflowsError } from '../errors/workflows-errors';
import type { RunJobData } from './execution/run-queue';
import { KnownWorkflowInputs } from './known-workflow-inputs';
import { checkRunInputs } from './run-inputs';
import { runRequestHash } from './run-request-hash';
import { type RunRequestKey, RunRequestRepository } from './run-request.repository';
import { RunStartLimiter } from './run-start-limiter';
import { notStartable, type RunStart, START_PATHS, type StartPath } from './run-start-paths';
import { type NewRun, RunStartRepository } from './run-start.repository';
import type { RunStatus } from './run-status';
import type { Workflow } from '../workflows-schema';

/**
 * The `run.requested` event of a run, over the columns its insert returns: the company names
 * the run's lane, so the worker need not look it up before the run's turn.
 */
export const RUN_REQUESTED_PAYLOAD = sql`jsonb_build_object('run_id', id, 'company_id', company_id)`;

export interface StartedRun {
  /** False when an exact retry recovered the run an earlier start created. */
  created: boolean;
  run_id: string;
  status: RunStatus;
}

/**
 * The one way every path starts a run (REST, and the CLI and MCP through it; the webhook
 * trigger; the scheduler). A caller-minted `run_request_id` is reserved by the receipt's primary
 * key in the transaction that inserts the run and its `run.requested` event: an exact retry
 * (same person, workflow, inputs, title) answers the same run, concurrent ones included; another
 * request under the same key is refused. A start touches PostgreSQL only: the hourly limit is
 * counted in the start's own statement or transaction, and the outbox relay hands the run to its
 * queue after the commit, so a start answers whatever Redis does.
 */
@Injectable()
export class RunStartService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly runs: RunStartRepository,
    private readonly requests: RunRequestRepository,
    private readonly limiter: RunStartLimiter,
    private readonly outbox: OutboxWriter,
    private readonly workflows: WorkflowRepository,
    private readonly known: KnownWorkflowInputs,
  ) {}

  /**
   * Starts a run, or refuses it with the first of these that applies, in this order on every
   * path (the path's credential, a webhook link or a token, is checked before):
   *
   * 1. the workflow is not one `actor` can see: 404 (the path's `notFound`);
   * 2. it is deleted: 409 WORKFLOW_NOT_STARTABLE, also to a retry under a key;
   * 3. `run_request_id` was used before: the run it started (`created: false`), or 409
   *    WORKFLOW_RUN_REQUEST_CONFLICT for another request, 410 RUN_REMOVED once the run is gone
   *    (so an archived workflow still answers a retry);
   * 4. the workflow's status is not one the path starts from: 409 WORKFLOW_NOT_STARTABLE;
   * 5. the inputs do not match the declared ones: 400 VALIDATION_ERROR naming the field;
   * 6. the hourly start limit, counted with the insert: the path's `overHourlyLimit`.
   *
   * A start without a key of a workflow whose inputs are known is tried first as one statement
   * that writes only a start none of these refuses; when it writes nothing, the checks run on
   * a fresh read and give the refusal.
   */
  async start(request: RunStart): Promise<StartedRun> {
    const known = request.runRequestId ? undefined : (request.known ?? this.knownInputs(request));
    if (known) {
      const started = await this.startInOneStatement(request, known);
      if (started) return started;
      if (request.afresh) return this.startChecked(await request.afresh());
    }
    return this.startChecked(request);
  }

  /** The checks of `start`, in their order, then the insert that counts the start. */
  private async startChecked(request: RunStart): Promise<StartedRun> {
    const path = START_PATHS[request.trigger];
    const workflow = await this.workflowOf(request);
    if (workflow.status === 'deleted') throw notStartable(path, workflow.status);
    const given = request.inputs;
    const title = request.title ?? null;
    const receipt = request.runRequestId
      ? {
          key: {
            companyId: request.actor.companyId,
            personId: request.actor.personId,
            runRequestId: request.runRequestId,
          },
          hash: runRequestHash(workflow.id, given, title),
        }
      : null;
    if (receipt) {
      const recovered = await this.recover(receipt.key, receipt.hash);
      if (recovered) return recovered;
    }
    if (!path.startable.includes(workflow.status)) throw notStartable(path, workflow.status);
    const inputs = checkRunInputs(workflow.inputs, given, path.inputsField);
    if (!inputs.ok) throw validationError(inputs.problems);

    const run: NewRun = {
      companyId: request.actor.companyId,
      workflowId: workflow.id,
      startedBy: request.actor.personId,
      trigger: request.trigger,
      title,
      inputs: inputs.value,
      definition: workflow.definition,
    };
    return receipt ? this.insertKeyed(path, run, receipt) : this.insertUnkeyed(path, run);
  }

  private async workflowOf(request: RunStart): Promise<Workflow> {
    if (!isRef(request.workflow)) return request.workflow;
    // A deleted workflow the actor could see too, for the refusal that names its status.
    const workflow = await this.workflows.findVisible(
      this.dataSource.manager,
      request.actor,
      request.workflow,
      false,
      true,
    );
    if (!workflow) throw request.notFound?.() ?? noVisibleWorkflow();
    this.known.remember(workflow);
    return workflow;
  }

  private knownInputs(request: RunStart): Pick<Workflow, 'id' | 'inputs'> | undefined {
    return isRef(request.workflow)
      ? this.known.get(request.actor.companyId, request.workflow)
      : undefined;
  }

  /**
   * A start without a key of a workflow known only by its id and declared inputs: the run,
   * copied from the workflow in the statement, and its event are inserted only if the workflow
   * is startable by this path and visible to the actor at that moment, and meets `requires`.
   * Answers null, having written and counted nothing, for whatever it would have to refuse.
   */
  private async startInOneStatement(
    request: RunStart,
    workflow: Pick<Workflow, 'id' | 'inputs'>,
  ): Promise<StartedRun | null> {
    const path = START_PATHS[request.trigger];
    const inputs = checkRunInputs(workflow.inputs, request.inputs, path.inputsField);
    if (!inputs.ok) return null;
    const [started] = await this.outbox.appendForRows(
      this.dataSource.manager,
      'run.requested',
      this.runs.insertRunningIfStartableStatement({
        workflowId: workflow.id,
        startable: path.startable,
        starter: request.actor,
        trigger: request.trigger,
        title: request.title ?? null,
        inputs: inputs.value,
        requires: request.requires,
        countStart: path.overHourlyLimit ? this.limiter.countStartSql : undefined,
      }),
      RUN_REQUESTED_PAYLOAD,
    );
    return started ? { created: true, run_id: started.id, status: 'running' } : null;
  }

  /**
   * A start without a key: its count, the run and its `run.requested` event are one statement,
   * so no transaction is needed around them; over the limit, nothing is written.
   */
  private async insertUnkeyed(path: StartPath, run: NewRun): Promise<StartedRun> {
    const countStart = path.overHourlyLimit ? this.limiter.countStartSql : undefined;
    const [started] = await this.outbox.appendForRows(
      this.dataSource.manager,
      'run.requested',
      this.runs.insertRunningStatement(run, countStart),
      RUN_REQUESTED_PAYLOAD,
    );
    if (!started) throw this.limiter.refusal(path);
    return { created: true, run_id: started.id, status: 'running' };
  }

  /** A start under a key: the run, its receipt, its event and its count in one transaction. */
  private async insertKeyed(
    path: StartPath,
    run: NewRun,
    receipt: { key: RunRequestKey; hash: Buffer },
  ): Promise<StartedRun> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const runId = await this.runs.insertRunning(manager, run);
        await this.requests.insert(manager, {
          ...receipt.key,
          requestHash: receipt.hash,
          workflowId: run.workflowId,
          runId,
        });
        await this.outbox.append(manager, 'run.requested', {
          run_id: runId,
          company_id: run.companyId,
        } satisfies RunJobData);
        // Counted once the key is ours, so concurrent retries of one start count once; and
        // last, so the counter row stays locked only until the commit. Refused: rolled back.
        if (path.overHourlyLimit && !(await this.limiter.take(manager, run.workflowId))) {
          throw this.limiter.refusal(path);
        }
        return { created: true, run_id: runId, status: 'running' as const };
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        const recovered = await this.recover(receipt.key, receipt.hash);
        if (recovered) return recovered;
      }
      throw error;
    }
  }

  /** The run an earlier start under this key created, or null when the key is new. */
  private async recover(key: RunRequestKey, hash: Buffer): Promise<StartedRun | null> {
    const manager = this.dataSource.manager;
    const receipt = await this.requests.find(manager, key);
    if (!receipt) return null;
    if (!receipt.requestHash.equals(hash)) {
      throw workflowsError(
        'WORKFLOW_RUN_REQUEST_CONFLICT',
        'This run_request_id was already used with another workflow, other inputs or another title; mint a new one for a new run.',
        { details: { run_request_id: key.runRequestId } },
      );
    }
    const status = receipt.runId ? await this.runs.findStatus(manager, receipt.runId) : null;
    if (!receipt.runId || !status) {
      throw workflowsError(
        'RUN_REMOVED',
        'The run this run_request_id started was removed for good; mint a new one to start another run.',
        { details: { run_request_id: key.runRequestId } },
      );
    }
    return { created: false, run_id: receipt.runId, status };
  }
}

function isRef(workflow: WorkflowRef | Workflow): workflow is WorkflowRef {
  return 'kind' in workflow;
}
