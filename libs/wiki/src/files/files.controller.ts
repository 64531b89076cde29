import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiResponse,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import {
  CurrentActor,
  DescribedApiTag,
  ErrorEnvelopeSchema,
  FILE_DOWNLOAD_CONTENT,
  RoutePolicy,
  uuidParam,
} from '@cw/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PageListQueryDto } from '../pages/dtos/page-list-query.dto';
import { parsePageRef } from '../pages/page-ref';
import { WIKI_API_TAG } from '../wiki-api-tags';
import { FileListDto, UploadedFileDto } from './dtos/file-response.dto';
import { contentDisposition, MAX_FILE_BYTES } from './file-naming';
import { MULTIPART_ROUTE } from './multipart.registrar';
import { PageFilesService } from './page-files.service';

const PAGE_ID = { name: 'page_id', description: 'The page public UUID or legacy integer id.' };
const RESTRICTED =
  ' A restricted page you are not listed on answers 403 ACCESS_DENIED (details.error `page_restricted`).';

@DescribedApiTag(WIKI_API_TAG)
@Controller('api/wiki/pages')
export class FilesController {
  constructor(private readonly files: PageFilesService) {}

  @Post(':page_id/files')
  @HttpCode(201)
  @RouteConfig({ [MULTIPART_ROUTE]: true })
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'] })
  @ApiOperation({
    operationId: 'uploadPageFile',
    summary: 'Attaches a file to a page (multipart/form-data, one file field, at most 10 MB).',
    description:
      "The bytes are stored with their SHA-256; the content type is the part's own (or " +
      'application/octet-stream) and the filename is reduced to a safe base name. 413 ' +
      'PAYLOAD_TOO_LARGE past 10 MB; 415 for a body that is not multipart/form-data; 400 ' +
      'without a file part. A page holds at most `WIKI_FILES_PER_PAGE` (default 100) files and ' +
      '`WIKI_FILES_MB_PER_PAGE` (default 100) MB of them (409 FILE_LIMIT_REACHED).' +
      RESTRICTED,
  })
  @ApiParam(PAGE_ID)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: {
          type: 'string',
          format: 'binary',
          description: `The file, at most ${MAX_FILE_BYTES} bytes.`,
        },
      },
    },
  })
  @ApiCreatedResponse({ type: UploadedFileDto })
  @ApiResponse({
    status: 413,
    description: 'PAYLOAD_TOO_LARGE: the file is over 10 MB',
    type: ErrorEnvelopeSchema,
  })
  @ApiResponse({
    status: 409,
    description:
      'FILE_LIMIT_REACHED: the page already holds `WIKI_FILES_PER_PAGE` files, or this file ' +
      'would take its files past `WIKI_FILES_MB_PER_PAGE` MB; nothing is stored. `details`: ' +
      '`{kind: "files" | "bytes", limit}` (`limit` in bytes for `bytes`, with `held_bytes`).',
    type: ErrorEnvelopeSchema,
  })
  @ApiResponse({
    status: 415,
    description: 'UNSUPPORTED_MEDIA_TYPE: not multipart/form-data',
    type: ErrorEnvelopeSchema,
  })
  upload(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
    @Req() request: FastifyRequest,
  ): Promise<UploadedFileDto> {
    return this.files.upload(actor, parsePageRef(pageId), request);
  }

  @Get(':page_id/files')
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'] })
  @ApiOperation({
    operationId: 'listPageFiles',
    summary: "Lists a page's files, oldest first (metadata only).",
    description: 'Paginated with limit/offset.' + RESTRICTED,
  })
  @ApiParam(PAGE_ID)
  @ApiOkResponse({ type: FileListDto })
  list(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
    @Query() query: PageListQueryDto,
  ): Promise<FileListDto> {
    return this.files.list(actor, parsePageRef(pageId), query.limit ?? 50, query.offset ?? 0);
  }

  @Get(':page_id/files/:file_id')
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'] })
  @ApiOperation({
    operationId: 'downloadPageFile',
    summary: 'Downloads a file as an attachment with its stored content type.',
    description:
      "Headers: Content-Type (stored), Content-Length, Content-Disposition `attachment; filename*=UTF-8''…`, " +
      'X-Content-Type-Options `nosniff`, a sandboxing Content-Security-Policy.' +
      RESTRICTED,
  })
  @ApiParam(PAGE_ID)
  @ApiParam({ name: 'file_id', description: 'The file id (UUID).', format: 'uuid' })
  @ApiOkResponse({
    description: 'The file bytes, with the content type stored at upload.',
    content: FILE_DOWNLOAD_CONTENT,
  })
  async download(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
    @Param('file_id', uuidParam('file_id')) fileId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.files.download(actor, parsePageRef(pageId), fileId);
    void reply
      .status(200)
      .header('Content-Type', file.contentType)
      .header('Content-Length', String(file.sizeBytes))
      .header('Content-Disposition', contentDisposition(file.filename))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, no-store')
      .send(file.data);
  }
}
