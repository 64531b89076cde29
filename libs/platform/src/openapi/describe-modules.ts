import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { buildOpenApiDocument } from './openapi-document';

/**
 * The OpenAPI description of a composition, read from its modules' metadata alone: a preview
 * application builds the module graph without instantiating a provider, so nothing connects to
 * PostgreSQL or Redis and no setting is read. Meant for a one-shot process (the build): it turns
 * off Nest's logger, which is process-wide.
 */
export async function describeModules(
  rootModule: Type<unknown>,
  description: string,
): Promise<OpenAPIObject> {
  const app = await NestFactory.create(rootModule, new FastifyAdapter(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    return buildOpenApiDocument(app, description);
  } finally {
    await app.close();
  }
}
