/** What the webhook reads of a `pull_request` event; everything else in the payload is ignored. */
export interface PullRequestEvent {
  action: string;
  htmlUrl: string;
  headRef: string | null;
  body: string | null;
  merged: boolean;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const FEEDBACK_BRANCH = new RegExp(`^feedback/(${UUID})$`, 'i');
const FEEDBACK_TRAILER = new RegExp(`\\bFeedback:\\s*(${UUID})\\b`, 'i');
const MAX_URL_LENGTH = 2048;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isHttpsUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The event's pull request, or null when the payload lacks what linking needs. */
export function pullRequestEventOf(payload: unknown): PullRequestEvent | null {
  if (!isRecord(payload) || typeof payload.action !== 'string') return null;
  const pullRequest = payload.pull_request;
  if (!isRecord(pullRequest) || !isHttpsUrl(pullRequest.html_url)) return null;
  const head = isRecord(pullRequest.head) ? pullRequest.head : {};
  return {
    action: payload.action,
    htmlUrl: pullRequest.html_url,
    headRef: typeof head.ref === 'string' ? head.ref : null,
    body: typeof pullRequest.body === 'string' ? pullRequest.body : null,
    merged: pullRequest.merged === true,
  };
}

/** The report a pull request names: its branch `feedback/<id>`, else `Feedback: <id>` in its body. */
export function linkedFeedbackId(event: PullRequestEvent): string | null {
  const named =
    FEEDBACK_BRANCH.exec(event.headRef ?? '') ?? FEEDBACK_TRAILER.exec(event.body ?? '');
  return named ? named[1].toLowerCase() : null;
}
