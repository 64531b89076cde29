import { linkedFeedbackId, pullRequestEventOf } from './pull-request-event';

const ID = '3f2b8c1e-6a4d-4e2f-9b7a-1c0d5e6f7a8b';

const payload = (pullRequest: Record<string, unknown>, action = 'opened'): unknown => ({
  action,
  number: 7,
  pull_request: { html_url: 'https://github.com/acme/app/pull/7', merged: false, ...pullRequest },
});

describe('reading a pull_request event', () => {
  it('links by the branch feedback/<id>, whatever the case of the id', () => {
    const event = pullRequestEventOf(payload({ head: { ref: `feedback/${ID.toUpperCase()}` } }));
    expect(event && linkedFeedbackId(event)).toBe(ID);
  });

  it('links by a `Feedback: <id>` line in the body when the branch names none', () => {
    const event = pullRequestEventOf(
      payload({ head: { ref: 'fix/login' }, body: `Fixes the login.\n\nFeedback: ${ID}\n` }),
    );
    expect(event && linkedFeedbackId(event)).toBe(ID);
  });

  it('names no report for other branches and bodies, or a branch with more after the id', () => {
    for (const pullRequest of [
      { head: { ref: 'main' }, body: null },
      { head: { ref: `feedback/${ID}-2` }, body: 'no trailer' },
      { head: { ref: `feedback/${ID}/x` } },
    ]) {
      const event = pullRequestEventOf(payload(pullRequest));
      expect(event && linkedFeedbackId(event)).toBeNull();
    }
  });

  it('reads action and merged, and refuses payloads without an https html_url', () => {
    expect(pullRequestEventOf(payload({ merged: true }, 'closed'))).toMatchObject({
      action: 'closed',
      merged: true,
    });
    expect(pullRequestEventOf(payload({ html_url: 'http://example.com/pull/1' }))).toBeNull();
    expect(pullRequestEventOf({ action: 'opened' })).toBeNull();
    expect(pullRequestEventOf('text')).toBeNull();
  });
});
