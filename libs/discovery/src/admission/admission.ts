import { type AnyScope, type CredentialKind, scopeSatisfies } from '@cw/domain';
import type { OperationRequirements } from './operation-requirements';

/** The credential the discovery request came with. */
export interface CallerCredential {
  kind: CredentialKind;
  /** Null for the session cookie: the person's full web-app reach. */
  scopes: string[] | null;
}

/** What only the live system knows: grants the person lacks, settings the deployment lacks. */
export interface LiveFacts {
  missingGrants: string[];
  missingSettings: string[];
}

export interface Admission {
  tokenAdmitted: boolean;
  /** The first thing that stops the caller (stable, machine-readable), null when admitted. */
  unavailableReason: string | null;
  /** Any one of them would admit the token; empty when scopes are not what stops it. */
  missingScopes: string[];
  /** What to do next: every step, in order, as sentences for the agent. */
  nextAction: string;
}

interface Obstacle {
  reason: string;
  action: string;
  missingScopes?: string[];
}

const ADMITTED_ACTION =
  'Call it with this credential (the request is in contract_url); the route still checks each target it touches.';
const PUBLIC_ACTION = 'Call it without a credential (the request is in contract_url).';

function listed(names: readonly string[]): string {
  return names.length === 1 ? names[0] : `one of ${names.join(', ')}`;
}

function scopesAdmit(required: readonly string[] | null, held: readonly string[] | null): boolean {
  if (!required || !held) return true;
  return required.some((scope) => scopeSatisfies(held, scope as AnyScope));
}

function personObstacles(
  requirements: OperationRequirements,
  caller: CallerCredential,
  live: LiveFacts,
): Obstacle[] {
  const obstacles: Obstacle[] = [];
  if (requirements.sessionOnly && caller.kind !== 'session') {
    obstacles.push({
      reason: 'session_cookie_required',
      action:
        'This route refuses every token: a person does it signed in to the web app (session cookie).',
    });
  } else if (!scopesAdmit(requirements.scopes, caller.scopes)) {
    const scopes = requirements.scopes ?? [];
    obstacles.push({
      reason: 'insufficient_scope',
      missingScopes: scopes,
      action: `Have a signed-in person create an API key with the scope ${listed(scopes)} and call with that key.`,
    });
  }
  if (live.missingGrants.length > 0) {
    const grants = live.missingGrants.join(', ');
    obstacles.push({
      reason: `operator_grant_missing:${live.missingGrants.join(',')}`,
      action: `Ask an administrator to grant you the operator requirement ${grants}; no scope confers it, and a grant counts at once.`,
    });
  }
  return obstacles;
}

function obstaclesOf(
  requirements: OperationRequirements,
  caller: CallerCredential,
  live: LiveFacts,
): Obstacle[] {
  const obstacles: Obstacle[] = [];
  if (live.missingSettings.length > 0) {
    const settings = live.missingSettings.join(', ');
    obstacles.push({
      reason: `not_configured:${live.missingSettings.join(',')}`,
      action: `This deployment has not configured ${settings}, so the route serves no one: ask its operator to set it; retrying will not help.`,
    });
  }
  switch (requirements.access) {
    case 'public':
      return obstacles;
    case 'internal_token':
      return [
        ...obstacles,
        {
          reason: 'internal_token_required',
          action:
            "Send the deployment's internal token in the x-internal-token header; API keys, OAuth tokens and sessions are not accepted here.",
        },
      ];
    case 'own_credential':
      return [
        ...obstacles,
        {
          reason: 'own_credential_required',
          action:
            'This route does not take your token: it checks a credential of its own (a secret or password in the body, a link token in the path, or a signature); see contract_url.',
        },
      ];
    case 'person':
      return [...obstacles, ...personObstacles(requirements, caller, live)];
  }
}

/**
 * Whether the caller's credential passes an operation's policy and its known live
 * prerequisites, as the guard would decide it (scopes with implication, session-only routes,
 * operator grants), plus the settings the route cannot serve without.
 */
export function admissionOf(
  requirements: OperationRequirements,
  caller: CallerCredential,
  live: LiveFacts,
): Admission {
  const obstacles = obstaclesOf(requirements, caller, live);
  if (obstacles.length === 0) {
    return {
      tokenAdmitted: true,
      unavailableReason: null,
      missingScopes: [],
      nextAction: requirements.access === 'public' ? PUBLIC_ACTION : ADMITTED_ACTION,
    };
  }
  return {
    tokenAdmitted: false,
    unavailableReason: obstacles[0].reason,
    missingScopes: obstacles.flatMap((obstacle) => obstacle.missingScopes ?? []),
    nextAction: obstacles.map((obstacle) => obstacle.action).join(' '),
  };
}
