import { applyDecorators, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiExtension } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';

/** Route config key carrying a route's own body limit in bytes. */
const BODY_LIMIT_CONFIG = 'bodyLimitBytes';
const INSTALLED = Symbol('routeBodyLimitsInstalled');

/**
 * A body limit of the route's own, above the process's BODY_LIMIT_BYTES: set on the Fastify
 * route (a larger body answers 413 in the envelope), and described as the operation's
 * `x-body-limit-bytes` so that the gateway can admit the same bodies.
 */
export function RouteBodyLimit(bytes: number): MethodDecorator {
  return applyDecorators(
    RouteConfig({ [BODY_LIMIT_CONFIG]: bytes }),
    ApiExtension('x-body-limit-bytes', bytes),
  );
}

/**
 * Applies `RouteBodyLimit` to the Fastify routes. Nest has no per-route body limit, so an
 * `onRoute` hook copies it from the route config; it must be in place before Nest registers the
 * routes, hence the constructor (providers are built when the app is created, routes later in
 * `init`).
 */
@Injectable()
export class RouteBodyLimits {
  constructor(adapterHost: HttpAdapterHost) {
    const adapter = adapterHost.httpAdapter;
    if (!adapter || adapter.getType() !== 'fastify') return;
    const fastify = adapter.getInstance<FastifyInstance & { [INSTALLED]?: true }>();
    if (fastify[INSTALLED]) return;
    fastify[INSTALLED] = true;
    fastify.addHook('onRoute', (route) => {
      const limit = (route.config as Record<string, unknown> | undefined)?.[BODY_LIMIT_CONFIG];
      if (typeof limit === 'number') route.bodyLimit = limit;
    });
  }
}
