import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { WorkflowInput } from '../definitions/workflow-definition';
import type { StartCondition } from '../runs/run-start.repository';
import { WebhookLink } from './entities/webhook-link.entity';

/** What the trigger needs of a link to admit a call, with the (unchanging) inputs of its workflow. */
export interface WebhookLinkCredential extends Pick<
  WebhookLink,
  'publicId' | 'workflowId' | 'tokenHash' | 'createdBy'
> {
  companyId: string;
  inputs: WorkflowInput[];
}

/**
 * The start condition of a webhook trigger: the workflow still has this link with this token.
 * A link and its holder come from a cache that a rotation or removal evicts in every process
 * through Redis, which takes a moment to arrive; checked in the start's own statement, a rotated
 * or removed link starts nothing from the moment the change commits.
 */
export function liveWebhookLinkSql(
  link: Pick<WebhookLink, 'publicId' | 'tokenHash'>,
): StartCondition {
  return (workflow, params) => {
    params.push(link.publicId, link.tokenHash);
    return `EXISTS (SELECT 1 FROM workflows.webhook_links l
                     WHERE l.workflow_id = ${workflow}.id AND l.public_id = $${params.length - 1}
                       AND l.token_hash = $${params.length})`;
  };
}

/** `workflows.webhook_links`. */
@Injectable()
export class WebhookLinkRepository {
  constructor(@InjectRepository(WebhookLink) private readonly links: Repository<WebhookLink>) {}

  /** Creates the workflow's link; null when it already has one. */
  async insertIfAbsent(
    manager: EntityManager,
    link: Pick<WebhookLink, 'workflowId' | 'tokenHash' | 'createdBy'>,
  ): Promise<string | null> {
    const rows: { public_id: string }[] = await manager.query(
      `INSERT INTO workflows.webhook_links (workflow_id, token_hash, created_by)
       VALUES ($1, $2, $3)
       ON CONFLICT (workflow_id) DO NOTHING
       RETURNING public_id`,
      [link.workflowId, link.tokenHash, link.createdBy],
    );
    return rows[0]?.public_id ?? null;
  }

  /** Replaces the token (the old one stops at once); the link's public id, or null without a link. */
  async rotate(
    manager: EntityManager,
    link: Pick<WebhookLink, 'workflowId' | 'tokenHash' | 'createdBy'>,
  ): Promise<string | null> {
    // An UPDATE answers [rows, affected count] through TypeORM's Postgres driver.
    const [rows]: [{ public_id: string }[], number] = await manager.query(
      `UPDATE workflows.webhook_links
          SET token_hash = $2, created_by = $3, rotated_at = now()
        WHERE workflow_id = $1
        RETURNING public_id`,
      [link.workflowId, link.tokenHash, link.createdBy],
    );
    return rows[0]?.public_id ?? null;
  }

  /** Deletes the workflow's link; its public id, or null without a link. */
  async delete(manager: EntityManager, workflowId: string): Promise<string | null> {
    const [rows]: [{ public_id: string }[], number] = await manager.query(
      `DELETE FROM workflows.webhook_links WHERE workflow_id = $1 RETURNING public_id`,
      [workflowId],
    );
    return rows[0]?.public_id ?? null;
  }

  /** The link at this public id with its workflow's company, to admit a trigger call. */
  async findCredential(publicId: string): Promise<WebhookLinkCredential | null> {
    const [row]: WebhookLinkCredential[] = await this.links.query(
      `SELECT l.public_id AS "publicId", l.workflow_id AS "workflowId",
              w.company_id AS "companyId", l.token_hash AS "tokenHash",
              l.created_by AS "createdBy", w.inputs
         FROM workflows.webhook_links l JOIN workflows.workflows w ON w.id = l.workflow_id
        WHERE l.public_id = $1`,
      [publicId],
    );
    return row ?? null;
  }
}
