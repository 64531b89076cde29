import type { StartCondition } from '../runs/run.repository';
import type { WebhookLink } from './entities/webhook-link.entity';

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
