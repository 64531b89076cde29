import { AppError, defineDomainErrors, ErrorCode, type RefusalStatus } from '@cw/platform';
import type { HookEndedReason, HookKind } from '../hooks-schema';

/** The hooks context's refusal codes and their statuses. Clients branch on them: never rename one. */
export const HOOKS_ERROR_STATUS = {
  /** The hook ended (deleted, receiver gone, credential ended): it cannot change or deliver. */
  HOOK_ENDED: 409,
  /** A replay named a `replay_count` that is no longer the delivery's. */
  REPLAY_COUNT_STALE: 409,
  /** The delivery is not in a state a replay starts from (pending, delivered, cancelled). */
  DELIVERY_NOT_REPLAYABLE: 409,
  /** The person holds as many live hooks of that kind (and report) as allowed; delete one. */
  HOOK_LIMIT_REACHED: 409,
} as const satisfies Record<string, RefusalStatus>;

export type HooksErrorCode = keyof typeof HOOKS_ERROR_STATUS;

export const hooksError = defineDomainErrors<HooksErrorCode>(HOOKS_ERROR_STATUS);

/** A refused receiver address: 422 VALIDATION_ERROR naming the field (contracts.md). */
export function refusedAddress(field: string, reason: string): AppError {
  return new AppError(ErrorCode.ValidationError, `Invalid request: ${field}: ${reason}`, {
    status: 422,
    details: { validation_errors: [{ field, message: `${field}: ${reason}` }], field },
  });
}

// Every refusal of the hooks context, in one place: the services throw these and define none.

/** Another person's hook, or none: 404, also for a company admin. */
export const hookNotFound = (): AppError => AppError.notFound('No hook of yours has that id.');

export const deliveryNotFound = (): AppError =>
  AppError.notFound('No delivery with that id is readable by you on this hook.');

export const reportNotFound = (): AppError =>
  AppError.notFound('No report with that id is readable by you.');

export const workflowNotFound = (): AppError =>
  AppError.notFound('No workflow with that id is visible to you.');

/** Registration needs a bearer credential: the hook delivers while that credential lives. */
export const bearerRequired = (): AppError =>
  AppError.accessDenied(
    'Register a hook with a bearer token (an API key): the hook delivers while that token is live. A browser session can list, rotate, replay and delete hooks.',
    { error: 'bearer_required' },
  );

export const hookCredentialEnded = (): AppError =>
  AppError.accessDenied(
    'The credential that registered this hook was revoked or lost its access: the hook has ended and cannot be replayed.',
    { error: 'hook_credential_ended' },
  );

export const hookEnded = (reason: HookEndedReason | null): AppError =>
  hooksError('HOOK_ENDED', `This hook has ended (${reason}).`, {
    details: { ended_reason: reason },
  });

export const hookLimitReached = (kind: HookKind, limit: number): AppError =>
  hooksError(
    'HOOK_LIMIT_REACHED',
    kind === 'callback'
      ? `You hold ${limit} live callbacks on this report, the most allowed (HOOKS_CALLBACKS_PER_REPORT); delete one first.`
      : `You hold ${limit} live subscriptions, the most allowed (HOOKS_SUBSCRIPTIONS_PER_PERSON); delete one first.`,
    { details: { kind, limit } },
  );

/** What a replay saw of the delivery it refused. */
interface ReplayedDelivery {
  replayCount: number;
  state: string;
}

export const replayCountStale = (delivery: ReplayedDelivery, observed: number): AppError =>
  hooksError(
    'REPLAY_COUNT_STALE',
    `replay_count is ${delivery.replayCount} now, not ${observed}: read the delivery again.`,
    { details: { replay_count: delivery.replayCount, state: delivery.state } },
  );

export const deliveryNotReplayable = (delivery: ReplayedDelivery, why: string): AppError =>
  hooksError('DELIVERY_NOT_REPLAYABLE', `This delivery cannot be replayed: ${why}.`, {
    details: { replay_count: delivery.replayCount, state: delivery.state },
  });
