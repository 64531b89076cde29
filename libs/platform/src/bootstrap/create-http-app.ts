import fastifyCookie from '@fastify/cookie';
import type { Type } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type FastifyInstance, LogController } from 'fastify';
import type { Logger } from 'pino';
import { redactTracedUrls, TracingConfig } from '@cw/tracing';
import { ConfigError, loadConfig } from '../config/load-config';
import { PlatformConfig } from '../config/platform.config';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter';
import { sendError } from '../errors/send-error';
import { BodyMediaTypeInterceptor } from '../http/body-media-type';
import { installJsonBodyParser } from '../http/json-body-parser';
import { requestIdOf } from '../http/request-id';
import { createLogger, PinoNestLogger } from '../logging/logger';
import { urlForLog } from '../logging/url-for-log';
import { observeHttpDurations } from '../metrics/http-durations';
import { MetricsRegistry } from '../metrics/metrics.registry';
import { buildOpenApiDocument } from '../openapi/openapi-document';
import { OpenApiDocumentHolder } from '../openapi/openapi.controller';
import { createStrictValidationPipe } from '../validation/strict-validation.pipe';
import { ConnectionErrors } from './connection-errors';
import { serverOptionsOf } from './server-options';

export interface HttpAppOptions {
  service: string;
  description: string;
  logger?: Logger;
  /** Registers extra Fastify plugins (the gateway's proxy) before the app initialises. */
  configure?: (app: NestFastifyApplication) => Promise<void>;
  /**
   * The process faces clients itself (the gateway, the one-process app): it believes forwarding
   * headers only from TRUSTED_PROXIES. Otherwise it is a service behind the gateway.
   */
  edge?: boolean;
}

/**
 * Nest maps Fastify's lifecycle errors (body parsing, limits) to bare HttpExceptions and loses
 * their codes; this adapter installs the envelope's handler in place of Nest's.
 */
class EnvelopeFastifyAdapter extends FastifyAdapter {
  override setErrorHandler(): ReturnType<FastifyAdapter['setErrorHandler']> {
    return this.getInstance().setErrorHandler((error, request, reply) =>
      sendError(error, request, reply),
    );
  }

  /** Nest's body parsers, with the JSON one bounded in depth and precise about what it refuses. */
  override registerParserMiddleware(prefix?: string, rawBody?: boolean): void {
    super.registerParserMiddleware(prefix, rawBody);
    installJsonBodyParser(this.getInstance());
  }
}

/**
 * Nest logs an error thrown while modules load before handing it back; a bad setting is the
 * caller's to report, as one line, so it is not logged here as well.
 */
class NestLoggerSkippingConfigErrors extends PinoNestLogger {
  override error(message: unknown, ...rest: [string?, string?]): void {
    if (message instanceof ConfigError) return;
    super.error(message, ...rest);
  }
}

const QUIET_PATHS = new Set(['/health', '/ready', '/api/health/serving']);

export async function createHttpApp(
  rootModule: Type<unknown>,
  options: HttpAppOptions,
): Promise<NestFastifyApplication> {
  const config = loadConfig(PlatformConfig);
  if (loadConfig(TracingConfig).OTEL_EXPORTER_OTLP_ENDPOINT) redactTracedUrls(urlForLog);
  const logger = options.logger ?? createLogger(options.service, config.LOG_LEVEL);
  const connectionErrors = new ConnectionErrors();
  const adapter = new EnvelopeFastifyAdapter({
    ...serverOptionsOf(config, options.edge ?? false),
    frameworkErrors: connectionErrors.onFrameworkError,
    clientErrorHandler: connectionErrors.onClientError,
    loggerInstance: logger,
    genReqId: requestIdOf,
    // One "request completed" line of our own instead of Fastify's two, and none for probes.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(rootModule, adapter, {
    logger: new NestLoggerSkippingConfigErrors(logger),
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  connectionErrors.install(fastify);
  await app.register(fastifyCookie);
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('X-Request-Id', request.id);
    done();
  });
  // Above `info` (LOG_LEVEL=warn) no line would be written, so there is no hook at all.
  if (logger.isLevelEnabled('info')) logCompletedRequests(fastify);
  observeHttpDurations(fastify, app.get(MetricsRegistry));
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(createStrictValidationPipe());
  app.useGlobalInterceptors(new BodyMediaTypeInterceptor(app.get(Reflector)));
  await options.configure?.(app);
  await app.init();
  app.get(OpenApiDocumentHolder).document = buildOpenApiDocument(app, options.description);
  return app;
}

function logCompletedRequests(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    if (!QUIET_PATHS.has(request.url)) {
      request.log.info(
        {
          method: request.method,
          url: urlForLog(request.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request completed',
      );
    }
    done();
  });
}
