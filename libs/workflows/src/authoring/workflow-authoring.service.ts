import { setTimeout as sleep } from 'node:timers/promises';
import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError, ErrorCode } from '@cw/platform';
import { DataSource } from 'typeorm';
import { WorkflowCreateService } from '../definitions/workflow-create.service';
import { WorkflowRepository } from '../definitions/workflow.repository';
import { workflowView, type WorkflowView } from '../definitions/workflow-view';
import { workflowsError } from '../errors/workflows-errors';
import { ScheduleApplier } from '../schedules/schedule-applier.service';
import { WorkflowsConfig } from '../workflows.config';
import {
  AuthoringOperationRepository,
  type AuthoringOutcome,
} from './authoring-operation.repository';
import { checkDesignRequest, type DesignPlan, requestHashOf, requestOf } from './design-plan';
import type { DesignRequestDto } from './dtos/design-request.dto';
import type { AuthoringOperation } from '../workflows-schema';
import { longestCompositionMs, PlanComposer } from './plan-composer';

export interface AuthoringOperationResponse {
  operation_id: string;
  status: AuthoringOperation['status'];
  status_url: string;
  workflow?: WorkflowView;
  questions?: string[];
  gap?: string;
  error?: string;
}

export interface DesignAnswer {
  /** 201 saved, 202 still composing, 200 another end state. */
  httpStatus: 201 | 202 | 200;
  body: AuthoringOperationResponse;
}

const ABANDONED =
  'The composition was interrupted (its process stopped) before it ended; send the request again with a new authoring_request_id.';
const POLL_MS = 100;
/** Saving a composed plan after the model answered: generous, it is one short transaction. */
const SAVE_MARGIN_MS = 60_000;

/**
 * Authoring: saves explicit plans, composes plans from a job with the model provider (in the
 * request with `wait`, else in the background), and answers operations by id.
 *
 * Background work is not lost silently: an operation still `composing` longer than a
 * composition can take (`longestCompositionMs` of MODEL_TIMEOUT_MS plus a margin) belongs to a
 * process that died. It is ended `failed` when any process starts and when it is read.
 */
@Injectable()
export class WorkflowAuthoringService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkflowAuthoringService.name);
  private readonly composer: PlanComposer;
  private readonly abandonedAfterMs: number;
  private readonly composingPerPerson: number;
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly dataSource: DataSource,
    config: WorkflowsConfig,
    private readonly operations: AuthoringOperationRepository,
    private readonly workflows: WorkflowRepository,
    private readonly creator: WorkflowCreateService,
    private readonly schedules: ScheduleApplier,
  ) {
    this.composer = new PlanComposer({
      url: config.MODEL_PROVIDER_URL,
      apiKey: config.MODEL_PROVIDER_API_KEY,
      model: config.MODEL_NAME,
      timeoutMs: config.MODEL_TIMEOUT_MS,
    });
    this.abandonedAfterMs = longestCompositionMs(config.MODEL_TIMEOUT_MS) + SAVE_MARGIN_MS;
    this.composingPerPerson = config.AUTHORING_COMPOSING_PER_PERSON;
  }

  async onApplicationBootstrap(): Promise<void> {
    const failed = await this.operations.failAbandoned(this.abandonedBefore(), ABANDONED);
    if (failed > 0) this.logger.warn(`Ended ${failed} abandoned authoring operation(s) failed.`);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.background]);
  }

  async design(actor: Actor, body: DesignRequestDto): Promise<DesignAnswer> {
    const plan = checkDesignRequest(actor, body);
    const request = requestOf(body);
    const requestHash = requestHashOf(request);
    const claimed = await this.dataSource.transaction(async (manager) => {
      const underWay =
        plan.kind === 'compose'
          ? await this.operations.lockAndCountComposing(manager, actor, this.abandonedBefore())
          : null;
      const operation = await this.operations.claim(manager, {
        companyId: actor.companyId,
        personId: actor.personId,
        authoringRequestId: body.authoring_request_id ?? null,
        requestHash,
        request,
      });
      if (!operation) {
        const existing = await this.operations.findByRequestId(manager, {
          companyId: actor.companyId,
          personId: actor.personId,
          authoringRequestId: body.authoring_request_id!,
        });
        if (!existing?.requestHash.equals(requestHash)) {
          throw workflowsError(
            'AUTHORING_REQUEST_CONFLICT',
            'This authoring_request_id was already used for a different request; mint a new one.',
            { details: { authoring_request_id: body.authoring_request_id } },
          );
        }
        return { operation: existing, fresh: false };
      }
      if (underWay) this.holdRoomFor(underWay);
      if (plan.kind === 'explicit') {
        const workflow = await this.creator.create(manager, actor, {
          ...plan.settings,
          ...plan.plan,
        });
        await this.operations.finish(manager, operation.id, {
          status: 'saved',
          workflowId: workflow.id,
        });
        return { operation, fresh: true, workflow };
      }
      return { operation, fresh: true };
    });
    if (claimed.fresh && claimed.workflow) await this.schedules.apply(claimed.workflow.id);
    if (claimed.fresh && plan.kind === 'compose') {
      const composing = this.compose(actor, claimed.operation.id, plan);
      if (body.wait) await composing;
      else this.track(composing);
    } else if (!claimed.fresh && body.wait) {
      await this.awaitEnd(actor, claimed.operation);
    }
    const answer = await this.view(actor, claimed.operation.id);
    return { httpStatus: httpStatusOf(answer.status), body: answer };
  }

  /**
   * Refuses one more composition past AUTHORING_COMPOSING_PER_PERSON (a retry of one under way
   * is answered before this). Retry-After: when the oldest must have ended.
   */
  private holdRoomFor(underWay: { composing: number; oldestAt: Date | null }): void {
    const limit = this.composingPerPerson;
    if (underWay.composing < limit) return;
    const endsAt = (underWay.oldestAt?.getTime() ?? Date.now()) + this.abandonedAfterMs;
    const retryAfterSeconds = Math.max(1, Math.ceil((endsAt - Date.now()) / 1000));
    throw new AppError(
      ErrorCode.RateLimited,
      `You have ${limit} compositions under way, the most at once (AUTHORING_COMPOSING_PER_PERSON); nothing was saved. Wait for one to end, or retry after ${retryAfterSeconds} s.`,
      {
        headers: { 'Retry-After': String(retryAfterSeconds) },
        details: { limit, retry_after_seconds: retryAfterSeconds },
      },
    );
  }

  async get(actor: Actor, operationId: string): Promise<AuthoringOperationResponse> {
    await this.operations.failAbandoned(this.abandonedBefore(), ABANDONED, operationId);
    return this.view(actor, operationId);
  }

  private async view(actor: Actor, operationId: string): Promise<AuthoringOperationResponse> {
    const operation = await this.operations.findOwn({
      companyId: actor.companyId,
      personId: actor.personId,
      id: operationId,
    });
    if (!operation) throw AppError.notFound('No authoring operation with that id is yours.');
    const response: AuthoringOperationResponse = {
      operation_id: operation.id,
      status: operation.status,
      status_url: `/api/workflows/authoring-operations/${operation.id}`,
    };
    if (operation.workflowId) {
      const workflow = await this.workflows.findById(operation.workflowId);
      if (workflow && workflow.status !== 'deleted') response.workflow = workflowView(workflow);
    }
    if (operation.questions) response.questions = operation.questions;
    if (operation.gap) response.gap = operation.gap;
    if (operation.error) response.error = operation.error;
    return response;
  }

  /** Plans with the model and ends the operation; never throws. */
  private async compose(
    actor: Actor,
    operationId: string,
    plan: Extract<DesignPlan, { kind: 'compose' }>,
  ): Promise<void> {
    try {
      const result = await this.composer.compose(plan.request);
      if (result.kind !== 'plan') {
        await this.end(operationId, outcomeOf(result));
        return;
      }
      const workflow = await this.dataSource.transaction(async (manager) => {
        if (!(await this.operations.lockComposing(manager, operationId))) return null;
        const saved = await this.creator.create(manager, actor, {
          ...plan.settings,
          ...result.plan,
          name: plan.name ?? result.plan.name,
        });
        await this.operations.finish(manager, operationId, {
          status: 'saved',
          workflowId: saved.id,
        });
        return saved;
      });
      if (workflow) await this.schedules.apply(workflow.id);
    } catch (error) {
      // The company's cap was reached while the model planned: the operation says so.
      if (error instanceof AppError && (error.code as string) === 'WORKFLOW_LIMIT_REACHED') {
        await this.end(operationId, { status: 'failed', error: error.message }).catch(
          () => undefined,
        );
        return;
      }
      this.logger.error(`Authoring operation ${operationId} failed: ${(error as Error).message}`);
      await this.end(operationId, {
        status: 'failed',
        error:
          'The plan could not be saved; send the request again with a new authoring_request_id.',
      }).catch(() => undefined);
    }
  }

  private end(operationId: string, outcome: AuthoringOutcome): Promise<void> {
    return this.dataSource.transaction((manager) =>
      this.operations.finish(manager, operationId, outcome),
    );
  }

  private track(work: Promise<void>): void {
    this.background.add(work);
    void work.finally(() => this.background.delete(work));
  }

  /** A retry with `wait` of an operation another request is composing: wait for its end. */
  private async awaitEnd(actor: Actor, operation: AuthoringOperation): Promise<void> {
    const deadline = operation.createdAt.getTime() + this.abandonedAfterMs;
    let status = operation.status;
    while (status === 'composing' && Date.now() < deadline) {
      await sleep(POLL_MS);
      status = (await this.view(actor, operation.id)).status;
    }
  }

  private abandonedBefore(): Date {
    return new Date(Date.now() - this.abandonedAfterMs);
  }
}

function outcomeOf(
  result: Exclude<Awaited<ReturnType<PlanComposer['compose']>>, { kind: 'plan' }>,
): AuthoringOutcome {
  switch (result.kind) {
    case 'needs_clarification':
      return { status: 'needs_clarification', questions: result.questions };
    case 'capability_gap':
      return { status: 'capability_gap', gap: result.gap };
    case 'failed':
      return { status: 'failed', error: result.error };
  }
}

function httpStatusOf(status: AuthoringOperation['status']): DesignAnswer['httpStatus'] {
  if (status === 'saved') return 201;
  if (status === 'composing') return 202;
  return 200;
}
