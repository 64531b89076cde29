import type { Actor } from '@cw/domain';
import { ACCESS_LOST, refusalOf, type StarterActor } from '../starter-actor';
import type { StepContext, StepOutcome } from './step-executor';

/**
 * Runs a wiki call as the run's starter: `access_lost` when they are no longer a member, and
 * the wiki's own refusal (not found, restricted, not editable…) as the step's error.
 */
export async function asStarter(
  starter: StarterActor,
  context: StepContext,
  call: (actor: Actor) => Promise<StepOutcome>,
): Promise<StepOutcome> {
  const actor = await starter.resolve(context.run);
  if (!actor) return { kind: 'failed', error: ACCESS_LOST };
  try {
    return await call(actor);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { kind: 'failed', error: refusal };
  }
}
