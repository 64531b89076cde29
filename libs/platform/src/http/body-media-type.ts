import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-code';

export const JSON_MEDIA_TYPE = 'application/json';

/** Where `@ApiConsumes` keeps a route's declared request media types (@nestjs/swagger's key). */
const API_CONSUMES = 'swagger/apiConsumes';

/** The media type of a Content-Type header, without parameters, lower case. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  const essence = contentType?.split(';', 1)[0].trim().toLowerCase();
  return essence || undefined;
}

/** A 415 naming what was sent and the Content-Type to send instead. */
export function unsupportedMediaType(
  sent: string | undefined,
  accepted: readonly string[] = [JSON_MEDIA_TYPE],
): AppError {
  const hint = `send Content-Type: ${accepted.join(' or ')}`;
  return new AppError(
    ErrorCode.UnsupportedMediaType,
    sent
      ? `The body is sent as ${sent}, which this route does not take: ${hint}.`
      : `This route takes a JSON body: ${hint}.`,
    { details: { content_type: sent ?? null, accepted: [...accepted] } },
  );
}

function carriesBody(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length'] ?? 0);
  return length > 0 || request.headers['transfer-encoding'] !== undefined;
}

/**
 * Refuses a body in a media type the route does not take, before any pipe reads it. Nest's
 * Fastify adapter parses forms on every route (and Fastify parses text/plain), so without this a
 * JSON route would validate curl's default `-d` form as one unknown field, or a text body as a
 * missing object. Every route takes JSON; a route that takes more declares it with
 * `@ApiConsumes` (OAuth's forms, file uploads), so the OpenAPI description says the same.
 */
export class BodyMediaTypeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const sent = mediaTypeOf(request.headers['content-type']);
    if (sent === undefined || sent === JSON_MEDIA_TYPE || !carriesBody(request)) {
      return next.handle();
    }
    const declared =
      this.reflector.getAllAndOverride<string[] | undefined>(API_CONSUMES, [
        context.getHandler(),
        context.getClass(),
      ]) ?? [];
    const accepted = [...new Set([JSON_MEDIA_TYPE, ...declared.map((type) => mediaTypeOf(type)!)])];
    if (!accepted.includes(sent)) throw unsupportedMediaType(sent, accepted);
    return next.handle();
  }
}
