import { createHmac } from 'node:crypto';
import { call, type HttpResult } from '@cw/testing';
import { TEST_GITHUB_SECRET } from './intake-fixtures';

export interface PullRequestShape {
  action: string;
  number?: number;
  headRef: string;
  body?: string | null;
  merged?: boolean;
}

/**
 * A `pull_request` event as GitHub sends it (the fields of the documented payload, trimmed of
 * the many URL templates the route never reads).
 */
export function pullRequestPayload(shape: PullRequestShape): Record<string, unknown> {
  const number = shape.number ?? 42;
  const closed = shape.action === 'closed';
  const user = {
    login: 'octocat',
    id: 1,
    node_id: 'MDQ6VXNlcjE=',
    avatar_url: 'https://github.com/images/error/octocat_happy.gif',
    html_url: 'https://github.com/octocat',
    type: 'User',
    site_admin: false,
  };
  const repository = {
    id: 1296269,
    node_id: 'MDEwOlJlcG9zaXRvcnkxMjk2MjY5',
    name: 'Hello-World',
    full_name: 'octocat/Hello-World',
    private: false,
    owner: user,
    html_url: 'https://github.com/octocat/Hello-World',
    default_branch: 'main',
  };
  return {
    action: shape.action,
    number,
    pull_request: {
      url: `https://api.github.com/repos/octocat/Hello-World/pulls/${number}`,
      id: 1,
      node_id: 'MDExOlB1bGxSZXF1ZXN0MQ==',
      html_url: `https://github.com/octocat/Hello-World/pull/${number}`,
      diff_url: `https://github.com/octocat/Hello-World/pull/${number}.diff`,
      number,
      state: closed ? 'closed' : 'open',
      locked: false,
      title: 'Fix the export button',
      user,
      body: shape.body ?? null,
      created_at: '2026-11-20T19:01:12Z',
      updated_at: '2026-11-20T19:01:12Z',
      closed_at: closed ? '2026-11-21T10:00:00Z' : null,
      merged_at: shape.merged ? '2026-11-21T10:00:00Z' : null,
      merge_commit_sha: 'e5bd3914e2e596debea16f433f57875b5b90bcd6',
      draft: false,
      head: {
        label: `octocat:${shape.headRef}`,
        ref: shape.headRef,
        sha: '6dcb09b5b57875f334f61aebed695e2e4193db5e',
        user,
        repo: repository,
      },
      base: {
        label: 'octocat:main',
        ref: 'main',
        sha: '6dcb09b5b57875f334f61aebed695e2e4193db5e',
        user,
        repo: repository,
      },
      merged: shape.merged ?? false,
      mergeable: null,
      comments: 0,
      commits: 1,
      additions: 3,
      deletions: 1,
      changed_files: 1,
    },
    repository,
    sender: user,
  };
}

export function signatureOf(body: string | Buffer, secret = TEST_GITHUB_SECRET): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export interface Delivery {
  event: string;
  body: string;
  signature?: string | null;
  contentType?: string;
}

/** Sends bytes to the webhook as GitHub does, signed over exactly those bytes unless told otherwise. */
export function deliver(baseUrl: string, delivery: Delivery): Promise<HttpResult> {
  const headers: Record<string, string> = {
    'content-type': delivery.contentType ?? 'application/json',
    'x-github-event': delivery.event,
    'x-github-delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958',
    'user-agent': 'GitHub-Hookshot/044aadd',
  };
  const signature =
    delivery.signature === undefined ? signatureOf(delivery.body) : delivery.signature;
  if (signature !== null) headers['x-hub-signature-256'] = signature;
  return call(baseUrl, 'POST', '/api/feedback/github/webhook', { rawBody: delivery.body, headers });
}
