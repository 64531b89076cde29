import multipart from '@fastify/multipart';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AppError, ErrorCode } from '@cw/platform';
import type { FastifyInstance } from 'fastify';
import { MAX_FILE_BYTES } from './file-naming';

/** Route config flag (`@RouteConfig({ [MULTIPART_ROUTE]: true })`) of routes that take uploads. */
export const MULTIPART_ROUTE = 'wikiMultipartUpload';

/**
 * Adds the `multipart/form-data` parser to the app's Fastify instance, from the module itself,
 * so that every composition holding the files module (the wiki service, the one-process app)
 * gets it. It runs in `onModuleInit`, inside `app.init()`; Fastify loads the plugin when it gets
 * ready. Only a parser is added: JSON and every other content type are handled as before, and a
 * multipart body sent to any route not flagged with `MULTIPART_ROUTE` is refused with 415 as
 * before.
 */
@Injectable()
export class MultipartRegistrar implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const adapter = this.adapterHost.httpAdapter;
    if (!adapter || adapter.getType() !== 'fastify') return;
    const fastify = adapter.getInstance<FastifyInstance>();
    if (fastify.hasContentTypeParser('multipart/form-data')) return;
    // Queued, not awaited: awaiting would load the plugin queue now, before Nest installs the
    // envelope error handler, and every route registered so far would keep Fastify's default one.
    void fastify.register(multipart, {
      limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, parts: 20 },
      throwFileSizeLimit: true,
    });
    fastify.addHook('preValidation', async (request) => {
      const config = request.routeOptions.config as unknown as Record<string, unknown> | undefined;
      if (request.isMultipart() && config?.[MULTIPART_ROUTE] !== true) {
        throw new AppError(
          ErrorCode.UnsupportedMediaType,
          'Unsupported Content-Type: send application/json.',
        );
      }
    });
  }
}
