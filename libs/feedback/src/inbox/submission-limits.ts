/** Evidence files per report. */
export const MAX_ATTACHMENTS = 5;

/** Bytes of one evidence file, decoded. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

/**
 * The largest body of `POST /api/feedback`: five files of MAX_ATTACHMENT_BYTES in base64
 * (about 33.4 MB) with the message, names and JSON framing. Larger bodies answer 413.
 */
export const SUBMISSION_BODY_LIMIT_BYTES = 36 * 1024 * 1024;
