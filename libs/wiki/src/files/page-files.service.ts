import { createHash } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError, ErrorCode, offsetWindow } from '@cw/platform';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { PageReader } from '../pages/page-reader.service';
import { assertEditable, type PageRef, type PageRow } from '../pages/page-row';
import { assertContentReadable } from '../versions/readable-page';
import { contentTypeOf, MAX_FILE_BYTES, sanitizeFilename } from './file-naming';

interface FileRow {
  id: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  sha256: Buffer;
  uploaded_by: string;
  created_at: Date;
}

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

export interface FileDownload {
  filename: string;
  content_type: string;
  size_bytes: number;
  data: Buffer;
}

const FILE_COLUMNS = `id, filename, content_type, size_bytes, sha256, uploaded_by, created_at`;

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
    private readonly dataSource: DataSource,
    private readonly pages: PageReader,
  ) {}

  async upload(actor: Actor, ref: PageRef, request: FastifyRequest): Promise<{ file: FileView }> {
    if (!request.isMultipart()) {
      throw new AppError(
        ErrorCode.UnsupportedMediaType,
        'Send the file as multipart/form-data with one file field.',
      );
    }
    const page = await this.pages.get(actor, ref);
    assertContentReadable(page, 'files');
    assertEditable(actor, page);
    const { part, data } = await this.readFile(request);
    const sha256 = createHash('sha256').update(data).digest();
    const [row]: FileRow[] = await this.dataSource.query(
      `INSERT INTO wiki.files (page_id, filename, content_type, size_bytes, sha256, data, uploaded_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, clock_timestamp())
       RETURNING ${FILE_COLUMNS}`,
      [
        page.id,
        sanitizeFilename(part.filename),
        contentTypeOf(part.mimetype),
        data.length,
        sha256,
        data,
        actor.personId,
      ],
    );
    return { file: fileView(page, row) };
  }

  async list(actor: Actor, ref: PageRef, limit: number, offset: number): Promise<FileListResponse> {
    const page = await this.pages.get(actor, ref);
    assertContentReadable(page, 'files');
    const rows: FileRow[] = await this.dataSource.query(
      `SELECT ${FILE_COLUMNS} FROM wiki.files WHERE page_id = $1
        ORDER BY created_at, id LIMIT $2 OFFSET $3`,
      [page.id, limit + 1, offset],
    );
    const { items, ...window } = offsetWindow(rows, limit, offset);
    return { files: items.map((row) => fileView(page, row)), ...window };
  }

  async download(actor: Actor, ref: PageRef, fileId: string): Promise<FileDownload> {
    const page = await this.pages.get(actor, ref);
    assertContentReadable(page, 'files');
    const [row]: FileDownload[] = await this.dataSource.query(
      `SELECT filename, content_type, size_bytes, data FROM wiki.files WHERE id = $1 AND page_id = $2`,
      [fileId, page.id],
    );
    if (!row) throw AppError.notFound('No file with that id on this page.');
    return row;
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

function fileView(page: PageRow, row: FileRow): FileView {
  return {
    id: row.id,
    filename: row.filename,
    content_type: row.content_type,
    size_bytes: row.size_bytes,
    sha256: row.sha256.toString('hex'),
    uploaded_by: { id: row.uploaded_by },
    created_at: row.created_at.toISOString(),
    url: `/api/wiki/pages/${page.public_id}/files/${row.id}`,
  };
}
