import type { CamelRow } from '@cw/db';
import type { FeedbackAttachments } from '../feedback-schema';

/** The `feedback.attachments` columns of an `EvidenceFile`, selected with `camelColumns`. */
export const EVIDENCE_FILE_COLUMNS = ['storage_key', 'filename', 'content_type', 'size'] as const;

/** Where one evidence file's bytes are and how to serve them. */
export type EvidenceFile = CamelRow<FeedbackAttachments, (typeof EVIDENCE_FILE_COLUMNS)[number]>;
