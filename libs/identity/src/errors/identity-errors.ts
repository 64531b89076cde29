import { AppError, defineDomainErrors, type RefusalStatus } from '@cw/platform';

/** Identity's own refusal codes and their HTTP statuses. Clients branch on them: never rename one. */
export const IDENTITY_ERROR_STATUS = {
  /** The person already holds the most live API keys allowed. */
  TOKEN_LIMIT_REACHED: 409,
} as const satisfies Record<string, RefusalStatus>;

export type IdentityErrorCode = keyof typeof IDENTITY_ERROR_STATUS;

export const identityError = defineDomainErrors<IdentityErrorCode>(IDENTITY_ERROR_STATUS);

/** 403 for a request whose `Host` the settings do not name. */
export function hostNotAllowed(host: string): AppError {
  return AppError.accessDenied(
    `This server does not answer as the host ${JSON.stringify(host)}; an operator names its public address in OAUTH_ISSUER or lists hosts in MCP_ALLOWED_HOSTS.`,
    { error: 'host_not_allowed' },
  );
}
