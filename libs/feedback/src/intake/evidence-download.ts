import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@cw/platform';
import type { FastifyReply } from 'fastify';
import { EVIDENCE_STORE, type EvidenceStore } from '../evidence/evidence-store';
import type { EvidenceFile } from './evidence-file';

/** RFC 8187 `ext-value` encoding of a UTF-8 filename. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The description of an evidence download route's success answer. */
export const EVIDENCE_DOWNLOAD_HEADERS =
  "Headers: Content-Type (as uploaded), Content-Length, Content-Disposition `attachment; filename*=UTF-8''…`, " +
  'X-Content-Type-Options `nosniff`, a sandboxing Content-Security-Policy, Cache-Control `private, no-store`.';

/** Streams private evidence to a caller the route has admitted: always as a download, never cached. */
@Injectable()
export class EvidenceDownload {
  constructor(@Inject(EVIDENCE_STORE) private readonly store: EvidenceStore) {}

  async send(reply: FastifyReply, file: EvidenceFile): Promise<void> {
    const stored = await this.store.get(file.storageKey);
    if (!stored) throw AppError.notFound('The evidence file’s bytes are missing from the store.');
    void reply
      .status(200)
      .header('Content-Type', file.contentType)
      .header('Content-Length', String(stored.size))
      .header(
        'Content-Disposition',
        `attachment; filename*=UTF-8''${encodeExtValue(file.filename)}`,
      )
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, no-store')
      .send(stored.body);
  }
}
