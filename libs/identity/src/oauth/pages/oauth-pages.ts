import type { FastifyReply } from 'fastify';
import { escapeHtml, htmlPage, setHtmlPageHeaders } from '@cw/platform';
import type { AuthorizationRequest } from '../authorization-request';

const SCOPE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'wiki:read': 'search and read wiki pages, files and comments',
  'wiki:write': 'create, edit, move and delete wiki pages and folders, post comments',
  'workflows:read': 'list workflows and read their setup, history and reports',
  'workflows:run': 'start saved workflows',
  'workflows:write': 'create, change, schedule, turn on and off workflows',
  'ops:read': 'read workflow and connection health, the team directory and connected reports',
  'billing:read': 'read the company billing status',
  'operator:all': 'use operator routes (still only with your own operator grants)',
};

/**
 * Pages of the authorization endpoint: after approval the form's answer redirects to the
 * client, so the client's redirect origin (or its private-use scheme) is a form target too.
 */
export function setAuthorizationPageHeaders(reply: FastifyReply, redirectUri?: string): void {
  if (!redirectUri) return setHtmlPageHeaders(reply);
  const url = new URL(redirectUri);
  setHtmlPageHeaders(reply, [
    url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : url.protocol,
  ]);
}

function hidden(name: string, value: string | undefined): string {
  return value === undefined
    ? ''
    : `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

/** The authorization request's own parameters, posted back with the decision. */
function requestFields(request: AuthorizationRequest): string {
  return [
    hidden('response_type', 'code'),
    hidden('client_id', request.clientId),
    hidden('redirect_uri', request.redirectUri),
    hidden('state', request.state),
    hidden('code_challenge', request.codeChallenge),
    hidden('code_challenge_method', 'S256'),
    hidden('scope', request.scope),
    hidden('resource', request.resource),
  ].join('');
}

export interface ConsentView {
  clientName: string;
  personEmail: string;
  companyName: string;
  request: AuthorizationRequest;
  consentToken: string;
}

/** The form field of the consent page's optional permissions, one value per ticked scope. */
export const OPTIONAL_SCOPE_FIELD = 'extra_scope';

function scopeText(scope: string): string {
  return `<code>${escapeHtml(scope)}</code>: ${escapeHtml(SCOPE_DESCRIPTIONS[scope] ?? scope)}`;
}

/** Extra scopes the client named, unticked: the person grants each one by choosing it. */
function optionalScopes(optional: readonly string[]): string {
  if (optional.length === 0) return '';
  const boxes = optional
    .map(
      (scope) =>
        `<li><label><input type="checkbox" name="${OPTIONAL_SCOPE_FIELD}" value="${escapeHtml(scope)}"> ` +
        `${scopeText(scope)}</label></li>`,
    )
    .join('');
  return `<p>It also asks for these, granted only if you tick them:</p><ul id="optional-scopes">${boxes}</ul>`;
}

export function consentPage(view: ConsentView): string {
  const { request } = view;
  const redirect = new URL(request.redirectUri);
  const { scopes, optional, offline: asksOffline } = request.requested;
  const granted =
    scopes.length > 0
      ? `, with these permissions:</p><ul id="scopes">${scopes.map((scope) => `<li>${scopeText(scope)}</li>`).join('')}</ul>`
      : '.</p>';
  const offline = asksOffline
    ? '<p>It also asks to stay connected (<code>offline_access</code>): it can renew its access until you revoke it or sign out of this browser session.</p>'
    : '<p>Its access ends after 30 days without use.</p>';
  return htmlPage(
    'Allow access?',
    `<p><strong id="client-name">${escapeHtml(view.clientName)}</strong> asks to act as ` +
      `<strong>${escapeHtml(view.personEmail)}</strong> in <strong>${escapeHtml(view.companyName)}</strong>${granted}` +
      `<form method="post" action="/api/oauth/authorize">${requestFields(request)}` +
      `${optionalScopes(optional)}${offline}` +
      `<p>After you decide, you return to <code>${escapeHtml(redirect.origin === 'null' ? redirect.protocol : redirect.origin)}</code>.</p>` +
      `${hidden('consent_token', view.consentToken)}` +
      `<button type="submit" name="decision" value="approve" id="approve">Allow</button> ` +
      `<button type="submit" name="decision" value="deny" id="deny">Deny</button></form>`,
  );
}

/** Shown to a browser without a session: signing in returns to the same authorization request. */
export function signInPage(returnTo: string, problem?: string): string {
  return htmlPage(
    'Sign in to continue',
    (problem ? `<p role="alert"><strong>${escapeHtml(problem)}</strong></p>` : '') +
      `<p>An application asks for access to your company wiki. Sign in first.</p>` +
      `<form method="post" action="/api/oauth/sign-in">${hidden('return_to', returnTo)}` +
      `<p><label>Email<br><input type="email" name="email" id="email" required autocomplete="username"></label></p>` +
      `<p><label>Password<br><input type="password" name="password" id="password" required autocomplete="current-password"></label></p>` +
      `<button type="submit" id="sign-in">Sign in</button></form>`,
  );
}

/** The request cannot be trusted enough to send an error back to the client. */
export function refusalPage(message: string): string {
  return htmlPage(
    'This authorization request cannot be completed',
    `<p>${escapeHtml(message)}</p><p>Return to the application and connect again.</p>`,
  );
}
