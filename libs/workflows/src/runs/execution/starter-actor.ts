import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DirectoryService } from '@cw/identity/credentials';
import { AppError } from '@cw/platform';
import type { ClaimedRun } from '../run-lease.repository';
import type { StepError } from '../run-status';

/** Why a step (or the output page) acting as a starter who left the company fails. */
export const ACCESS_LOST: StepError = {
  code: 'access_lost',
  message: 'The person who started the run is no longer a member of the company.',
};

/** A wiki refusal (not found, restricted, not editable…) as a step error; null for other errors. */
export function refusalOf(error: unknown): StepError | null {
  return error instanceof AppError
    ? { code: String(error.code).toLowerCase(), message: error.message }
    : null;
}

/**
 * Who a run acts as in the wiki: the person who started it, with their role and teams as they
 * are now (not as they were at the start), limited to the wiki. Null once they left the company.
 * A run is automation, so the pages it writes carry the `api_key` source kind.
 */
@Injectable()
export class StarterActor {
  constructor(private readonly directory: DirectoryService) {}

  resolve(run: Pick<ClaimedRun, 'id' | 'companyId' | 'startedBy'>): Promise<Actor | null> {
    return this.directory.actorFor(run.companyId, run.startedBy, {
      kind: 'api_key',
      id: run.id,
      scopes: ['wiki:write'],
    });
  }
}
