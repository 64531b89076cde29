import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface AttachmentLocation {
  filename: string;
  contentType: string;
  size: number;
  storageKey: string;
}

/** Where one report's evidence file is stored (`feedback.attachments`). */
@Injectable()
export class InboxAttachmentRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(feedbackId: string, attachmentId: string): Promise<AttachmentLocation | null> {
    const [row] = await this.dataSource.query<AttachmentLocation[]>(
      `SELECT filename, content_type AS "contentType", size, storage_key AS "storageKey"
         FROM feedback.attachments WHERE feedback_id = $1 AND id = $2`,
      [feedbackId, attachmentId],
    );
    return row ?? null;
  }
}
