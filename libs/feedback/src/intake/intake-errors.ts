import { defineDomainErrors, type RefusalStatus } from '@cw/platform';

/** The intake routes' refusal codes and their statuses. Clients branch on them: never rename one. */
export const INTAKE_ERROR_STATUS = {
  /**
   * The `x-feedback-lease-token` is not the report's live lease: wrong, expired, released by a
   * result, or the report was claimed again by another session. Stop working on the report.
   */
  LEASE_NOT_HELD: 409,
} as const satisfies Record<string, RefusalStatus>;

export type IntakeErrorCode = keyof typeof INTAKE_ERROR_STATUS;

export const intakeError = defineDomainErrors<IntakeErrorCode>(INTAKE_ERROR_STATUS);
