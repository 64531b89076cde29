import { Injectable } from '@nestjs/common';
import { type CamelRow, camelColumns, first } from '@cw/db';
import { DataSource } from 'typeorm';
import { type FeedbackAttachments, feedbackDb } from '../feedback-schema';

const LOCATION_COLUMNS = ['filename', 'content_type', 'size', 'storage_key'] as const;

export type AttachmentLocation = CamelRow<FeedbackAttachments, (typeof LOCATION_COLUMNS)[number]>;

export const inboxAttachmentStatements = {
  find: (feedbackId: string, attachmentId: string) =>
    feedbackDb
      .selectFrom('feedback.attachments')
      .select(camelColumns(LOCATION_COLUMNS))
      .where('feedback_id', '=', feedbackId)
      .where('id', '=', attachmentId),
};

/** Where one report's evidence file is stored (`feedback.attachments`). */
@Injectable()
export class InboxAttachmentRepository {
  constructor(private readonly dataSource: DataSource) {}

  find(feedbackId: string, attachmentId: string): Promise<AttachmentLocation | null> {
    return first(this.dataSource, inboxAttachmentStatements.find(feedbackId, attachmentId));
  }
}
