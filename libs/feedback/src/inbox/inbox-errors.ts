import { defineDomainErrors, type RefusalStatus } from '@cw/platform';

/** The inbox's refusal codes and their statuses. Clients branch on them: never rename one. */
export const INBOX_ERROR_STATUS = {
  /** Triage cannot move a report into `in_progress`: only an intake claim (with its lease) does. */
  TRIAGE_STATUS_RESERVED: 409,
} as const satisfies Record<string, RefusalStatus>;

export type InboxErrorCode = keyof typeof INBOX_ERROR_STATUS;

export const inboxError = defineDomainErrors<InboxErrorCode>(INBOX_ERROR_STATUS);
