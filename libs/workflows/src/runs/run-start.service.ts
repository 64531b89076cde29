import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { isUniqueViolation } from '@cw/db';
import { type AppError, validationError } from '@cw/platform';
import { OutboxWriter } from '@cw/queue';
import { DataSource } from 'typeorm';
import type { Workflow, WorkflowStatus } from '../definitions/entities/workflow.entity';
import { WorkflowReader } from '../definitions/workflow-reader';
import type { WorkflowRef } from '../definitions/workflow-ref';
import { workflowsError } from '../errors/workflows-errors';
import { KnownWorkflowInputs } from './known-workflow-inputs';
import type { RunTrigger } from './entities/run.entity';
import { checkRunInputs } from './run-inputs';
import { runRequestHash } from './run-request-hash';
import { type RunRequestKey, RunRequestRepository } from './run-request.repository';
import { RunStartLimiter } from './run-start-limiter';
import type { RunStatus } from './run-status';
import type { RunJobData } from './execution/run-queue';
import { type NewRun, RunStartRepository, type StartCondition } from './run-start.repository';

/**
 * The statuses a workflow starts from, by trigger: a person also starts a draft (a test run); a
 * webhook link and a schedule start only an active workflow.
 */
export const STARTABLE_STATUSES: Readonly<Record<RunTrigger, readonly WorkflowStatus[]>> = {
  api: ['draft', 'active'],
  webhook: ['active'],
  schedule: ['active'],
};

/**
 * The `run.requested` event of a run, over the columns its insert returns: the company names
 * the run's lane, so the worker need not look it up before the run's turn.
 */
export const RUN_REQUESTED_PAYLOAD = `jsonb_build_object('run_id', id, 'company_id', company_id)`;

export interface RunStartRequest {
  inputs?: unknown;
  runRequestId?: string;
  title?: string;
  trigger: RunTrigger;
  /** Names the inputs object in refusals (`inputs` for REST, `body` for the webhook trigger). */
  inputsField?: string;
}

export interface StartedRun {
  /** False when an exact retry recovered the run an earlier start created. */
  created: boolean;
  run_id: string;
  status: RunStatus;
}

/**
 * The one way any trigger starts a run. A caller-minted `run_request_id` is reserved by the
 * receipt's primary key in the transaction that inserts the run and its `run.requested` event:
 * an exact retry (same person, workflow, inputs, title) answers the same run, concurrent ones
 * included; another request under the same key is refused. A start touches PostgreSQL only: the
 * hourly limit is counted in the start's own statement or transaction, and the outbox relay
 * hands the run to its queue after the commit, so a start answers whatever Redis does.
 */
@Injectable()
export class RunStartService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly runs: RunStartRepository,
    private readonly requests: RunRequestRepository,
    private readonly limiter: RunStartLimiter,
    private readonly outbox: OutboxWriter,
    private readonly reader: WorkflowReader,
    private readonly known: KnownWorkflowInputs,
  ) {}

  /**
   * A start of the workflow `ref` names, as the REST route takes it. Without a key, a workflow
   * this process has read before starts in one statement (`startIfStartable`); anything that
   * cannot do is answered from a fresh read of the workflow.
   */
  async startWorkflow(
    actor: Actor,
    ref: WorkflowRef,
    request: RunStartRequest,
  ): Promise<StartedRun> {
    const known = request.runRequestId ? undefined : this.known.get(actor.companyId, ref);
    if (known) {
      const started = await this.startIfStartable(actor, known, request);
      if (started) return started;
    }
    const workflow = await this.reader.get(actor, ref, { deleted: true });
    if (workflow.status === 'deleted') throw notStartable(workflow.status);
    this.known.remember(workflow);
    return this.start(actor, workflow, request);
  }

  async start(actor: Actor, workflow: Workflow, request: RunStartRequest): Promise<StartedRun> {
    const given = request.inputs ?? {};
    const title = request.title ?? null;
    const receipt = request.runRequestId
      ? {
          key: {
            companyId: actor.companyId,
            personId: actor.personId,
            runRequestId: request.runRequestId,
          },
          hash: runRequestHash(workflow.id, given, title),
        }
      : null;
    if (receipt) {
      const recovered = await this.recover(receipt.key, receipt.hash);
      if (recovered) return recovered;
    }
    // The webhook trigger and the scheduler refuse a workflow that is not active first.
    if (!STARTABLE_STATUSES[request.trigger].includes(workflow.status)) {
      throw notStartable(workflow.status);
    }
    const inputs = checkRunInputs(workflow.inputs, given, request.inputsField);
    if (!inputs.ok) throw validationError(inputs.problems);

    const run: NewRun = {
      companyId: actor.companyId,
      workflowId: workflow.id,
      startedBy: actor.personId,
      trigger: request.trigger,
      title,
      inputs: inputs.value,
      definition: workflow.definition,
    };
    if (!receipt) return this.startUnkeyed(run);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const runId = await this.runs.insertRunning(manager, run);
        await this.requests.insert(manager, {
          ...receipt.key,
          requestHash: receipt.hash,
          workflowId: workflow.id,
          runId,
        });
        await this.outbox.append(manager, 'run.requested', {
          run_id: runId,
          company_id: run.companyId,
        } satisfies RunJobData);
        // Counted once the key is ours, so concurrent retries of one start count once; and
        // last, so the counter row stays locked only until the commit. Refused: rolled back.
        if (
          this.limiter.counts(request.trigger) &&
          !(await this.limiter.take(manager, workflow.id))
        ) {
          throw this.limiter.refusal(request.trigger);
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

  /**
   * A start without a key of a workflow known only by its id and declared inputs (which never
   * change): the run, copied from the workflow in the statement, and its event are inserted only
   * if the workflow is startable by this trigger and visible to the actor at that moment, and meets
   * `requires` (the webhook trigger's: its link is still there with that token). Answers
   * null, having written and counted nothing, for whatever it would have to refuse (inputs that
   * do not match, a workflow not startable or out of sight, the hourly limit): `start` after a
   * fresh read of the workflow gives the refusal, in its order.
   */
  async startIfStartable(
    actor: Actor,
    workflow: Pick<Workflow, 'id' | 'inputs'>,
    request: Omit<RunStartRequest, 'runRequestId'>,
    requires?: StartCondition,
  ): Promise<StartedRun | null> {
    const inputs = checkRunInputs(workflow.inputs, request.inputs ?? {}, request.inputsField);
    if (!inputs.ok) return null;
    const [started] = await this.outbox.appendForRows<{ id: string }>(
      this.dataSource.manager,
      'run.requested',
      this.runs.insertRunningIfStartableStatement({
        workflowId: workflow.id,
        startable: STARTABLE_STATUSES[request.trigger],
        starter: actor,
        trigger: request.trigger,
        title: request.title ?? null,
        inputs: inputs.value,
        requires,
        countStart: this.limiter.counts(request.trigger) ? this.limiter.countStartSql : undefined,
      }),
      RUN_REQUESTED_PAYLOAD,
    );
    return started ? { created: true, run_id: started.id, status: 'running' } : null;
  }

  /**
   * A start without a key: its count, the run and its `run.requested` event are one statement,
   * so no transaction is needed around them; over the limit, nothing is written.
   */
  private async startUnkeyed(run: NewRun): Promise<StartedRun> {
    const countStart = this.limiter.counts(run.trigger) ? this.limiter.countStartSql : undefined;
    const [started] = await this.outbox.appendForRows<{ id: string }>(
      this.dataSource.manager,
      'run.requested',
      this.runs.insertRunningStatement(run, countStart),
      RUN_REQUESTED_PAYLOAD,
    );
    if (!started) throw this.limiter.refusal(run.trigger);
    return { created: true, run_id: started.id, status: 'running' };
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

function notStartable(status: WorkflowStatus): AppError {
  return workflowsError(
    'WORKFLOW_NOT_STARTABLE',
    `This workflow is ${status}; it starts no new runs.`,
    {
      details: { workflow_status: status },
    },
  );
}
