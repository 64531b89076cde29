import { AppError, defineDomainErrors, ErrorCode, type RefusalStatus } from '@cw/platform';

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
