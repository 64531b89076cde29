import type { Actor } from '@cw/domain';

/** The person, in one company, whose hooks a route may see. */
export interface HookOwner {
  personId: string;
  companyId: string;
}

export const ownerOf = (actor: Actor): HookOwner => ({
  personId: actor.personId,
  companyId: actor.companyId,
});
