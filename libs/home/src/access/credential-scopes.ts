import { type Actor, type AnyScope, scopeSatisfies } from '@cw/domain';

/** Whether the actor's credential reaches `scope` (a session cookie reaches every scope). */
export function credentialHolds(actor: Actor, scope: AnyScope): boolean {
  const held = actor.credential.scopes;
  return held === null || scopeSatisfies(held, scope);
}
