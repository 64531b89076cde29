import { createHash } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError, ErrorCode, offsetWindow } from '@cw/platform';
import type { FastifyRequest } from 'fastify';
import { DataSource, type EntityManager } from 'typeorm';
import { wikiError } from '../errors/wiki-errors';
import type { PageRecord } from '../pages/page-record';
import { PageReader } from '../pages/page-reader';
import type { PageRef } from '../pages/page-ref';
import { type PageFileContent, type PageFileSummary, PageFileRepository } from './file.repository';
import { contentTypeOf, MAX_FILE_BYTES, sanitizeFilename } from './file-naming';
import { FilesConfig } from './files.config';
import { isCutShortMultipart } from './multipart.registrar';

export interface FileView {
  id: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  /** Lowercase hex SHA-256 of the stored bytes. */
  sha256: string;
  uploaded_by: { id: string };
  created_at: string;
  /** Where to download it (this API, same credentials). */
  url: string;
}

export interface FileListResponse {
  files: FileView[];
  has_more: boolean;
  next_offset: number | null;
}

function isFastifyCode(error: unknown, code: string): boolean {
  return (error as { code?: unknown } | null)?.code === code;
}

function onlyOneFile(): AppError {
  return AppError.badRequest('Send exactly one file per request.', { field: 'file' });
}

function tooLarge(): AppError {
  return new AppError(
    ErrorCode.PayloadTooLarge,
    `A file has at most ${MAX_FILE_BYTES} bytes (10 MB).`,
    { details: { limit_bytes: MAX_FILE_BYTES } },
  );
}

/** Files attached to pages: stored in the database with their SHA-256, served as downloads. */
@Injectable()
export class PageFilesService {
  constructor(
    private readonly reader: PageReader,
    private readonly files: PageFileRepository,
    private readonly dataSource: DataSource,
    private readonly config: FilesConfig,
  ) {}

  async upload(actor: Actor, ref: PageRef, request: FastifyRequest): Promise<{ file: FileView }> {
    if (!request.isMultipart()) {
      throw new AppError(
        ErrorCode.UnsupportedMediaType,
        'Send the file as multipart/form-data with one file field.',
      );
    }
    const page = await this.reader.getReadable(actor, ref, 'files');
    this.reader.assertEditable(actor, page);
    const { part, data } = await this.readFile(request);
    const file = await this.dataSource.transaction(async (manager) => {
      await this.holdRoomFor(manager, page.id, data.length);
      return this.files.insert(manager, {
        pageId: page.id,
        filename: sanitizeFilename(part.filename),
        contentType: contentTypeOf(part.mimetype),
        sizeBytes: data.length,
        sha256: createHash('sha256').update(data).digest(),
        data,
        uploadedBy: actor.personId,
      });
    });
    return { file: fileView(page, file) };
  }

  /** Refuses a file past the page's caps; the totals and the insert share the page's lock. */
  private async holdRoomFor(manager: EntityManager, pageId: string, bytes: number): Promise<void> {
    const held = await this.files.lockAndTotal(manager, pageId);
    const { WIKI_FILES_PER_PAGE: files, WIKI_FILES_MB_PER_PAGE: megabytes } = this.config;
    if (held.files >= files) {
      throw wikiError(
        'FILE_LIMIT_REACHED',
        `This page holds ${files} files, the most allowed (WIKI_FILES_PER_PAGE). Nothing was stored.`,
        { details: { kind: 'files', limit: files } },
      );
    }
    const limitBytes = megabytes * 1024 * 1024;
    if (held.bytes + bytes > limitBytes) {
      throw wikiError(
        'FILE_LIMIT_REACHED',
        `This page's files would pass ${megabytes} MB together, the most allowed (WIKI_FILES_MB_PER_PAGE). Nothing was stored.`,
        { details: { kind: 'bytes', limit: limitBytes, held_bytes: held.bytes } },
      );
    }
  }

  async list(actor: Actor, ref: PageRef, limit: number, offset: number): Promise<FileListResponse> {
    const page = await this.reader.getReadable(actor, ref, 'files');
    const rows = await this.files.listForPage(page.id, limit + 1, offset);
    const { items, ...window } = offsetWindow(rows, limit, offset);
    return { files: items.map((row) => fileView(page, row)), ...window };
  }

  async download(actor: Actor, ref: PageRef, fileId: string): Promise<PageFileContent> {
    const page = await this.reader.getReadable(actor, ref, 'files');
    const file = await this.files.findContent(page.id, fileId);
    if (!file) throw AppError.notFound('No file with that id on this page.');
    return file;
  }

  /**
   * The one file part, whole. Reads the body to its end, so that a second file part is refused
   * (400) rather than silently dropped; other fields are ignored. 413 past the size limit, 400
   * without a file part.
   */
  private async readFile(request: FastifyRequest): Promise<{ part: MultipartFile; data: Buffer }> {
    let file: { part: MultipartFile; data: Buffer } | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (file) throw onlyOneFile();
        file = { part, data: await part.toBuffer() };
      }
    } catch (error) {
      if (isFastifyCode(error, 'FST_REQ_FILE_TOO_LARGE')) throw tooLarge();
      if (isFastifyCode(error, 'FST_FILES_LIMIT')) throw onlyOneFile();
      if (isCutShortMultipart(error)) {
        throw AppError.badRequest('The multipart body ends before its closing boundary.', {
          field: 'file',
        });
      }
      throw error;
    }
    if (!file) {
      throw AppError.badRequest('The multipart body has no file part: send one file field.', {
        field: 'file',
      });
    }
    return file;
  }
}

function fileView(page: PageRecord, file: PageFileSummary): FileView {
  return {
    id: file.id,
    filename: file.filename,
    content_type: file.contentType,
    size_bytes: file.sizeBytes,
    sha256: file.sha256.toString('hex'),
    uploaded_by: { id: file.uploadedBy },
    created_at: file.createdAt.toISOString(),
    url: `/api/wiki/pages/${page.public_id}/files/${file.id}`,
  };
}
