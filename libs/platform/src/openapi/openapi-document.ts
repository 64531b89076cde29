import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { TOKEN_PREFIXES } from '@cw/domain';
import { ErrorEnvelopeSchema } from '../errors/error-envelope';
import { inlineDefaultedRequestSchemas } from './defaulted-request-fields';
import { describedApiTags } from './described-api-tag';
import { NON_JSON_SCHEMAS } from './non-json-content';
import { toOpenApi31 } from './openapi-31';
import { applyOperationSecurity, BEARER_SCHEME, SESSION_COOKIE_SCHEME } from './operation-security';
import { describeValidatedIntegers } from './validated-integers';

export const API_TITLE = 'Company Wiki, Workflow and Report API';
export const API_VERSION = '0.2.0';

const BEARER_FORMAT =
  `opaque: ${TOKEN_PREFIXES.apiKey}… (API key) or ${TOKEN_PREFIXES.oauthAccess}… ` +
  '(OAuth access token), then 43 base64url characters';

/** The top-level `tags`: each tag the operations use, with its controller's description. */
function tagsOf(document: OpenAPIObject, descriptions: Map<string, string>): OpenAPIObject['tags'] {
  const used = new Set(
    Object.values(document.paths).flatMap((item) =>
      Object.values(item as Record<string, { tags?: string[] }>).flatMap(
        (operation) => operation.tags ?? [],
      ),
    ),
  );
  return [...used].sort().map((name) => {
    const description = descriptions.get(name);
    return description === undefined ? { name } : { name, description };
  });
}

export function buildOpenApiDocument(app: INestApplication, description: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle(API_TITLE)
    .setDescription(description)
    .setVersion(API_VERSION)
    .addServer('/', 'The address this description was read from (the gateway in production).')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: BEARER_FORMAT,
        description:
          '`Authorization: Bearer <token>` with an API key or an OAuth access token. Tokens ' +
          'are opaque (not JWTs): only the service can check them.',
      },
      BEARER_SCHEME,
    )
    .addCookieAuth(
      SESSION_COOKIE_SCHEME,
      {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE_SCHEME,
        description:
          'The session cookie that sign-in sets; the only credential of session-only routes.',
      },
      SESSION_COOKIE_SCHEME,
    )
    .build();
  describeValidatedIntegers(app);
  const document = SwaggerModule.createDocument(app, config, {
    extraModels: [ErrorEnvelopeSchema],
    operationIdFactory: (controller, method) =>
      `${controller.replace(/Controller$/, '')}_${method}`,
  });
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...NON_JSON_SCHEMAS },
  };
  applyOperationSecurity(document);
  inlineDefaultedRequestSchemas(document);
  document.tags = tagsOf(document, describedApiTags(app));
  // DocumentBuilder always adds an empty contact object; there is no contact to name.
  delete document.info.contact;
  return toOpenApi31(document);
}
