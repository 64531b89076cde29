import { Injectable } from '@nestjs/common';
import { AppError, ErrorCode, validationError } from '@cw/platform';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import { WorkflowRepository } from '../definitions/workflow.repository';
import { workflowsError } from '../errors/workflows-errors';
import { RunStartService, STARTABLE_STATUSES, type StartedRun } from '../runs/run-start.service';
import { liveWebhookLinkSql } from './webhook-link.repository';
import { WebhookLinkResolver } from './webhook-link.resolver';
import { webhookTokenMatches } from './webhook-token';

/** The largest trigger body (the spec's 256 KB). */
export const WEBHOOK_BODY_MAX_BYTES = 256 * 1024;

const LINK_NOT_FOUND = 'No webhook link answers at this address.';

/**
 * The webhook trigger: the link is the credential. A run it starts acts as the person who
 * created or last rotated the link, with their membership as it is now; once that membership
 * ended, or the workflow is no longer visible to them, the link answers 404 as if it were gone.
 * It answers as soon as the run is queued.
 *
 * The link and its holder come from a revocation-aware cache, and the run is inserted only while
 * the workflow is active and visible and the link still has that token (one statement). Anything
 * that start cannot do is answered from a fresh read of the link and the workflow, so every
 * refusal comes from the database.
 */
@Injectable()
export class WebhookTriggerService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly resolver: WebhookLinkResolver,
    private readonly workflows: WorkflowRepository,
    private readonly starter: RunStartService,
  ) {}

  async trigger(
    publicId: string,
    token: string,
    body: unknown,
    bodyBytes: number,
  ): Promise<StartedRun> {
    if (bodyBytes > WEBHOOK_BODY_MAX_BYTES) {
      throw new AppError(ErrorCode.PayloadTooLarge, 'The body is larger than 256 KB.', {
        details: { limit_bytes: WEBHOOK_BODY_MAX_BYTES },
      });
    }
    if (!isUUID(publicId)) throw AppError.notFound(LINK_NOT_FOUND);
    const inputs = body === undefined ? {} : body;
    const holder = await this.resolver.resolve(publicId);
    if (holder?.actor && webhookTokenMatches(token, holder.link.tokenHash) && isObject(inputs)) {
      const started = await this.starter.startIfStartable(
        holder.actor,
        { id: holder.link.workflowId, inputs: holder.link.inputs },
        { inputs, trigger: 'webhook', inputsField: 'body' },
        liveWebhookLinkSql(holder.link),
      );
      if (started) return started;
    }
    return this.triggerAfresh(publicId, token, inputs);
  }

  /** The trigger from what the database says now: a start, or the refusal in its order. */
  private async triggerAfresh(
    publicId: string,
    token: string,
    inputs: unknown,
  ): Promise<StartedRun> {
    const holder = await this.resolver.resolveAfresh(publicId);
    if (!holder || !webhookTokenMatches(token, holder.link.tokenHash)) {
      throw AppError.notFound(LINK_NOT_FOUND);
    }
    const workflow = holder.actor
      ? await this.workflows.findVisible(this.dataSource.manager, holder.actor, {
          kind: 'id',
          id: holder.link.workflowId,
        })
      : null;
    if (!holder.actor || !workflow) throw AppError.notFound(LINK_NOT_FOUND);
    if (!STARTABLE_STATUSES.webhook.includes(workflow.status)) {
      throw workflowsError(
        'WORKFLOW_NOT_STARTABLE',
        `This workflow is ${workflow.status}; a webhook link starts only an active workflow.`,
        { details: { workflow_status: workflow.status } },
      );
    }
    if (!isObject(inputs)) {
      throw validationError([{ field: 'body', message: 'body must be a JSON object' }]);
    }
    return this.starter.start(holder.actor, workflow, {
      inputs,
      trigger: 'webhook',
      inputsField: 'body',
    });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
