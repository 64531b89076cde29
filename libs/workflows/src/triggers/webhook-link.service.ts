import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { Workflow } from '../workflows-schema';
import { WorkflowReader } from '../definitions/workflow-reader';
import type { WorkflowRef } from '../definitions/workflow-ref';
import { workflowsError } from '../errors/workflows-errors';
import { WebhookLinkRepository } from './webhook-link.repository';
import { WebhookLinkResolver } from './webhook-link.resolver';
import { mintWebhookToken } from './webhook-token';

/** A link as it is shown once, at creation and rotation. */
export interface IssuedWebhookLink {
  public_id: string;
  token: string;
  /** The trigger's path, relative to the API base address. */
  url: string;
}

/**
 * Creating, rotating and removing a workflow's webhook link: the workflow's owner or a company
 * admin (`WorkflowReader.assertManageable`). The token is shown once; only its hash is stored.
 * Runs the link starts act as whoever created or last rotated it.
 */
@Injectable()
export class WebhookLinkService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reader: WorkflowReader,
    private readonly links: WebhookLinkRepository,
    private readonly resolver: WebhookLinkResolver,
  ) {}

  create(actor: Actor, ref: WorkflowRef): Promise<IssuedWebhookLink> {
    return this.dataSource.transaction(async (manager) => {
      const workflow = await this.manageable(manager, actor, ref);
      assertActive(workflow);
      const { token, hash } = mintWebhookToken();
      const publicId = await this.links.insertIfAbsent(manager, {
        workflowId: workflow.id,
        tokenHash: hash,
        createdBy: actor.personId,
      });
      if (!publicId) {
        throw workflowsError(
          'WEBHOOK_LINK_EXISTS',
          'This workflow already has a webhook link; rotate it to get a new token.',
        );
      }
      return issued(publicId, token);
    });
  }

  /** The old token stops at once in every process: evicted once the new one is committed. */
  async rotate(actor: Actor, ref: WorkflowRef): Promise<IssuedWebhookLink> {
    const rotated = await this.dataSource.transaction(async (manager) => {
      const workflow = await this.manageable(manager, actor, ref);
      assertActive(workflow);
      const { token, hash } = mintWebhookToken();
      const publicId = await this.links.rotate(manager, {
        workflowId: workflow.id,
        tokenHash: hash,
        createdBy: actor.personId,
      });
      if (!publicId) throw AppError.notFound('This workflow has no webhook link.');
      return issued(publicId, token);
    });
    await this.resolver.revoke(rotated.public_id);
    return rotated;
  }

  /** Removing a link stops its token at once, whatever the workflow's status. */
  async remove(actor: Actor, ref: WorkflowRef): Promise<void> {
    const publicId = await this.dataSource.transaction(async (manager) => {
      const workflow = await this.manageable(manager, actor, ref);
      const removed = await this.links.delete(manager, workflow.id);
      if (!removed) throw AppError.notFound('This workflow has no webhook link.');
      return removed;
    });
    await this.resolver.revoke(publicId);
  }

  /** The workflow, locked so that link changes of one workflow take turns. */
  private async manageable(
    manager: EntityManager,
    actor: Actor,
    ref: WorkflowRef,
  ): Promise<Workflow> {
    const workflow = await this.reader.get(actor, ref, { manager, lock: true });
    this.reader.assertManageable(actor, workflow);
    return workflow;
  }
}

function assertActive(workflow: Workflow): void {
  if (workflow.status !== 'active') {
    throw workflowsError(
      'WORKFLOW_NOT_STARTABLE',
      `A webhook link needs an active workflow; this one is ${workflow.status}.`,
      { details: { workflow_status: workflow.status } },
    );
  }
}

function issued(publicId: string, token: string): IssuedWebhookLink {
  return { public_id: publicId, token, url: `/api/workflows/hooks/${publicId}/${token}` };
}
