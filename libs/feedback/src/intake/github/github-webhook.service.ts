import { Injectable, Logger } from '@nestjs/common';
import type { GithubWebhookView } from './github-webhook-view';
import { type PullRequestChange, PullRequestLinkRepository } from './pull-request-link.repository';
import { linkedFeedbackId, type PullRequestEvent, pullRequestEventOf } from './pull-request-event';

/** Pull request actions that say the pull request is (still) open. */
const OPEN_ACTIONS = new Set(['opened', 'edited', 'synchronize', 'ready_for_review']);

function changeOf(event: PullRequestEvent): PullRequestChange | null {
  if (event.action === 'closed') return event.merged ? 'merge' : 'close_unmerged';
  if (event.action === 'reopened') return 'reopen';
  return OPEN_ACTIONS.has(event.action) ? 'open' : null;
}

function ignored(reason: string, feedbackId: string | null = null): GithubWebhookView {
  return { outcome: 'ignored', feedback_id: feedbackId, status: null, reason };
}

/** Links pull requests to the reports they name (contracts.md, "Feedback, intake, proposals"). */
@Injectable()
export class GithubWebhookService {
  private readonly logger = new Logger(GithubWebhookService.name);

  constructor(private readonly links: PullRequestLinkRepository) {}

  async handle(eventName: string | undefined, payload: unknown): Promise<GithubWebhookView> {
    if (eventName === 'ping') return ignored('ping received: the webhook is set up');
    if (eventName !== 'pull_request')
      return ignored(`event ${eventName ?? '(none)'} is not acted on`);
    const event = pullRequestEventOf(payload);
    if (!event) return ignored('the payload has no pull request with an https html_url');
    const feedbackId = linkedFeedbackId(event);
    if (!feedbackId) {
      return ignored('the pull request names no report (branch feedback/<id> or "Feedback: <id>")');
    }
    const change = changeOf(event);
    if (!change) return ignored(`pull_request action ${event.action} is not acted on`, feedbackId);
    const outcome = await this.links.apply(feedbackId, event.htmlUrl, change);
    if (!outcome) return ignored('no report has the id the pull request names', feedbackId);
    this.logger.log(
      `pull request ${event.htmlUrl} (${event.action}) on feedback ${feedbackId}: status ${outcome.status}`,
    );
    return {
      outcome: outcome.changed ? 'applied' : 'unchanged',
      feedback_id: feedbackId,
      status: outcome.status,
      reason: `pull_request ${event.action}${event.action === 'closed' ? (event.merged ? ' (merged)' : ' (not merged)') : ''}`,
    };
  }
}
