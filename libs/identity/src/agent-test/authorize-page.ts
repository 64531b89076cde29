import type { GrantForApproval } from './agent-test-grant.repository';
import { escapeHtml, htmlPage } from '@cw/platform';

function grantSummary(grant: GrantForApproval): string {
  const scopes = grant.scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`);
  return (
    `<p>An agent asks for an API key acting as <strong>${escapeHtml(grant.person.name)}</strong> ` +
    `(${escapeHtml(grant.person.email)}) in <strong>${escapeHtml(grant.company.name)}</strong>, ` +
    `with these scopes:</p><ul>${scopes.join('')}</ul>`
  );
}

export function renderApprovedPage(grant: GrantForApproval, approvedAt: Date): string {
  return htmlPage(
    'Agent-test access approved',
    grantSummary(grant) +
      `<p>Approved at ${escapeHtml(approvedAt.toISOString())}. The agent can now exchange the ` +
      `grant for its key, once; you can close this page.</p>`,
  );
}

/** A grant's approval page: a form posting back to `formAction`, or the approval if given. */
export function renderAuthorizePage(grant: GrantForApproval, formAction: string): string {
  if (grant.approvedAt) return renderApprovedPage(grant, grant.approvedAt);
  return htmlPage(
    'Approve agent-test access',
    grantSummary(grant) +
      `<p>Approve only if you started this test. Unapproved, the request expires at ` +
      `${escapeHtml(grant.expiresAt.toISOString())}.</p>` +
      `<form method="post" action="${escapeHtml(formAction)}">` +
      `<button type="submit">Approve</button></form>`,
  );
}
