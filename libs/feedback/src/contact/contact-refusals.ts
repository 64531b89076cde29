import { AppError, ErrorCode } from '@cw/platform';

/** How long a caller whose mail could not be sent should wait before resending. */
export const MAIL_RETRY_AFTER_SECONDS = 30;

export function contactNotConfigured(): AppError {
  return new AppError(
    ErrorCode.ServiceUnavailable,
    'The contact form is not configured on this server (no SMTP_URL, CONTACT_TO and CONTACT_FROM): nothing was sent.',
    { details: { reason: 'not_configured' } },
  );
}

/** `cause` is the mail server's answer, for the request's log line only. */
export function mailNotSent(cause: string): AppError {
  return new AppError(
    ErrorCode.ServiceUnavailable,
    `The mail server did not take the message, so it was not sent: send the same message again in ${MAIL_RETRY_AFTER_SECONDS} s.`,
    {
      headers: { 'Retry-After': String(MAIL_RETRY_AFTER_SECONDS) },
      details: { reason: 'mail_server_unavailable', retry_after_seconds: MAIL_RETRY_AFTER_SECONDS },
      cause,
    },
  );
}
