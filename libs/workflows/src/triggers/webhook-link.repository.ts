import { Injectable } from '@nestjs/common';
import { first, type StatementRunner } from '@cw/db';
import { membershipHeldSql } from '@cw/identity/credentials';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import type { WorkflowInput } from '../definitions/workflow-definition';
import type { StartCondition } from '../runs/run-start.repository';
import { type WebhookLink, workflowsDb } from '../workflows-schema';

/** What the trigger needs of a link to admit a call, with the (unchanging) inputs of its workflow. */
export interface WebhookLinkCredential extends Pick<
  WebhookLink,
  'publicId' | 'workflowId' | 'tokenHash' | 'createdBy'
> {
  companyId: string;
  inputs: WorkflowInput[];
}

type LinkWrite = Pick<WebhookLink, 'workflowId' | 'tokenHash' | 'createdBy'>;

/**
 * The start condition of a webhook trigger: the workflow still has this link with this token.
 * A link and its holder come from a cache that a rotation or removal evicts in every process
 * through Redis, which takes a moment to arrive; checked in the start's own statement, a rotated
 * or removed link starts nothing from the moment the change commits.
 */
export function liveWebhookLinkSql(
  link: Pick<WebhookLink, 'publicId' | 'tokenHash'>,
): StartCondition {
  return (workflow) =>
    sql<boolean>`EXISTS (SELECT 1 FROM workflows.webhook_links l
                     WHERE l.workflow_id = ${sql.ref(`${workflow}.id`)} AND l.public_id = ${link.publicId}
                       AND l.token_hash = ${link.tokenHash})`;
}

/**
 * What a webhook start requires: the link still has this token (`liveWebhookLinkSql`) and its
 * holder is still a member of the workflow's company, whatever the caches believe.
 */
export function webhookStartCondition(
  link: Pick<WebhookLink, 'publicId' | 'tokenHash'>,
  holderId: string,
): StartCondition {
  return (workflow) =>
    sql<boolean>`${liveWebhookLinkSql(link)(workflow)} AND ${membershipHeldSql(
      sql.ref(`${workflow}.company_id`),
      holderId,
    )}`;
}

export const webhookLinkStatements = {
  insertIfAbsent: (link: LinkWrite) =>
    workflowsDb
      .insertInto('workflows.webhook_links')
      .values({
        workflow_id: link.workflowId,
        token_hash: link.tokenHash,
        created_by: link.createdBy,
      })
      .onConflict((conflict) => conflict.column('workflow_id').doNothing())
      .returning('public_id as publicId'),

  rotate: (link: LinkWrite) =>
    workflowsDb
      .updateTable('workflows.webhook_links')
      .set({ token_hash: link.tokenHash, created_by: link.createdBy, rotated_at: sql`now()` })
      .where('workflow_id', '=', link.workflowId)
      .returning('public_id as publicId'),

  delete: (workflowId: string) =>
    workflowsDb
      .deleteFrom('workflows.webhook_links')
      .where('workflow_id', '=', workflowId)
      .returning('public_id as publicId'),

  findCredential: (publicId: string) =>
    workflowsDb
      .selectFrom('workflows.webhook_links as l')
      .innerJoin('workflows.workflows as w', 'w.id', 'l.workflow_id')
      .select([
        'l.public_id as publicId',
        'l.workflow_id as workflowId',
        'w.company_id as companyId',
        'l.token_hash as tokenHash',
        'l.created_by as createdBy',
        'w.inputs',
      ])
      .where('l.public_id', '=', publicId)
      .$castTo<WebhookLinkCredential>(),
};

/** `workflows.webhook_links`. */
@Injectable()
export class WebhookLinkRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Creates the workflow's link; null when it already has one. */
  async insertIfAbsent(runner: StatementRunner, link: LinkWrite): Promise<string | null> {
    return (await first(runner, webhookLinkStatements.insertIfAbsent(link)))?.publicId ?? null;
  }

  /** Replaces the token (the old one stops at once); the link's public id, or null without a link. */
  async rotate(runner: StatementRunner, link: LinkWrite): Promise<string | null> {
    return (await first(runner, webhookLinkStatements.rotate(link)))?.publicId ?? null;
  }

  /** Deletes the workflow's link; its public id, or null without a link. */
  async delete(runner: StatementRunner, workflowId: string): Promise<string | null> {
    return (await first(runner, webhookLinkStatements.delete(workflowId)))?.publicId ?? null;
  }

  /** The link at this public id with its workflow's company, to admit a trigger call. */
  findCredential(publicId: string): Promise<WebhookLinkCredential | null> {
    return first(this.dataSource, webhookLinkStatements.findCredential(publicId));
  }
}
