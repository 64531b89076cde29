import { defineDomainErrors, type RefusalStatus } from '@cw/platform';

/** Identity's own refusal codes and their HTTP statuses. Clients branch on them: never rename one. */
export const IDENTITY_ERROR_STATUS = {
  /** The person already holds the most live API keys allowed. */
  TOKEN_LIMIT_REACHED: 409,
} as const satisfies Record<string, RefusalStatus>;

export type IdentityErrorCode = keyof typeof IDENTITY_ERROR_STATUS;

export const identityError = defineDomainErrors<IdentityErrorCode>(IDENTITY_ERROR_STATUS);
