import multipart from '@fastify/multipart';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AppError, unsupportedMediaType } from '@cw/platform';
import type { FastifyInstance } from 'fastify';
import { MAX_FILE_BYTES } from './file-naming';

/** RFC 2046: `boundary` is 1 to 70 characters, quoted or a token; busboy cannot start without it. */
const BOUNDARY = /;\s*boundary=(?:"[^"]{1,70}"|[^";\s]{1,70})\s*(?:;|$)/i;

/** busboy's own error (a plain Error) for a body that ends before its closing boundary. */
const CUT_SHORT = /terminated early due to unexpected end of multipart data/i;

/**
 * Whether reading a multipart body failed because it ended early: busboy's error, or the part's
 * stream closing before its end (what buffering a file part reports when the body stops inside it).
 */
export function isCutShortMultipart(error: unknown): boolean {
  // By shape, not `instanceof Error`: Node's own errors are not instances of a sandbox's (jest's).
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    (typeof message === 'string' && CUT_SHORT.test(message))
  );
}

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
      if (!request.isMultipart()) return;
      const config = request.routeOptions.config as unknown as Record<string, unknown> | undefined;
      if (config?.[MULTIPART_ROUTE] !== true) {
        throw unsupportedMediaType('multipart/form-data');
      }
      if (!BOUNDARY.test(request.headers['content-type'] ?? '')) {
        throw AppError.badRequest(
          'The multipart Content-Type has no boundary parameter (1 to 70 characters).',
          { field: 'content-type' },
        );
      }
    });
  }
}
