import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ErrorEnvelopeSchema } from '../errors/error-envelope';
import { toOpenApi31 } from './openapi-31';

export const API_TITLE = 'Company Wiki, Workflow and Report API';
export const API_VERSION = '0.2.0';

export function buildOpenApiDocument(app: INestApplication, description: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle(API_TITLE)
    .setDescription(description)
    .setVersion(API_VERSION)
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'API key or OAuth access token' },
      'bearer',
    )
    .addCookieAuth(
      'session_token',
      { type: 'apiKey', in: 'cookie', name: 'session_token' },
      'session_token',
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    extraModels: [ErrorEnvelopeSchema],
    operationIdFactory: (controller, method) =>
      `${controller.replace(/Controller$/, '')}_${method}`,
  });
  return toOpenApi31(document);
}
