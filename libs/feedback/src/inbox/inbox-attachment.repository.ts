import { Injectable } from '@nestjs/common';
import { camelColumns, first } from '@cw/db';
import { DataSource } from 'typeorm';
import { feedbackDb } from '../feedback-schema';

export interface AttachmentLocation {
  filename: string;
  contentType: string;
  size: number;
  storageKey: string;
}

export const inboxAttachmentStatements = {
  find: (feedbackId: string, attachmentId: string) =>
    feedbackDb
      .selectFrom('feedback.attachments')
      .select(camelColumns(['filename', 'content_type', 'size', 'storage_key']))
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
