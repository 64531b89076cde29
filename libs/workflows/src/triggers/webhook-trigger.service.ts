import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DirectoryService } from '@cw/identity';
import { AppError, ErrorCode, validationError } from '@cw/platform';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import type { Workflow } from '../definitions/entities/workflow.entity';
import { WorkflowRepository } from '../definitions/workflow.repository';
import { workflowsError } from '../errors/workflows-errors';
import { RunStartService, type StartedRun } from '../runs/run-start.service';
import { type WebhookLinkCredential, WebhookLinkRepository } from './webhook-link.repository';
import { webhookTokenMatches } from './webhook-token';

/** The largest trigger body (the spec's 256 KB). */
export const WEBHOOK_BODY_MAX_BYTES = 256 * 1024;

const LINK_NOT_FOUND = 'No webhook link answers at this address.';

/**
 * The webhook trigger: the link is the credential. A run it starts acts as the person who
 * created or last rotated the link, with their membership as it is now; once that membership
 * ended, or the workflow is no longer visible to them, the link answers 404 as if it were gone.
 * It answers as soon as the run is queued.
 */
@Injectable()
export class WebhookTriggerService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly links: WebhookLinkRepository,
    private readonly workflows: WorkflowRepository,
    private readonly directory: DirectoryService,
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
    const link = isUUID(publicId) ? await this.links.findCredential(publicId) : null;
    if (!link || !webhookTokenMatches(token, link.tokenHash)) {
      throw AppError.notFound(LINK_NOT_FOUND);
    }
    const target = await this.visibleToLinkHolder(link);
    if (!target) throw AppError.notFound(LINK_NOT_FOUND);
    if (target.workflow.status !== 'active') {
      throw workflowsError(
        'WORKFLOW_NOT_STARTABLE',
        `This workflow is ${target.workflow.status}; a webhook link starts only an active workflow.`,
        { details: { workflow_status: target.workflow.status } },
      );
    }
    const inputs = body === undefined ? {} : body;
    if (inputs === null || typeof inputs !== 'object' || Array.isArray(inputs)) {
      throw validationError([{ field: 'body', message: 'body must be a JSON object' }]);
    }
    return this.starter.start(target.actor, target.workflow, {
      inputs,
      trigger: 'webhook',
      inputsField: 'body',
    });
  }

  /** The link's workflow with the person it acts as, while that person may still see it. */
  private async visibleToLinkHolder(
    link: WebhookLinkCredential,
  ): Promise<{ workflow: Workflow; actor: Actor } | null> {
    const actor = await this.directory.actorFor(link.companyId, link.createdBy, {
      kind: 'api_key',
      id: link.workflowId,
      scopes: ['workflows:run'],
    });
    if (!actor) return null;
    const workflow = await this.workflows.findVisible(this.dataSource.manager, actor, {
      kind: 'id',
      id: link.workflowId,
    });
    return workflow ? { workflow, actor } : null;
  }
}
