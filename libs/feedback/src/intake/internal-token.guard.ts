import { createHash, timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@cw/platform';
import type { FastifyRequest } from 'fastify';
import { IntakeConfig } from './intake.config';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

function authRequired(message: string): AppError {
  return new AppError(ErrorCode.AuthRequired, message);
}

/**
 * The credential of the intake and proposal routes (policy `route_specific`): the
 * `x-internal-token` header equals INTERNAL_API_TOKEN. Both sides are hashed first, so the
 * comparison takes the same time whatever the presented value's length.
 */
@Injectable()
export class InternalTokenGuard implements CanActivate {
  private readonly expected?: Buffer;

  constructor(config: IntakeConfig) {
    this.expected = config.INTERNAL_API_TOKEN ? digest(config.INTERNAL_API_TOKEN) : undefined;
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.expected) {
      throw authRequired(
        'Intake is not configured on this server (INTERNAL_API_TOKEN is unset): every intake and proposal route answers 401.',
      );
    }
    const presented = context.switchToHttp().getRequest<FastifyRequest>().headers[
      INTERNAL_TOKEN_HEADER
    ];
    if (typeof presented !== 'string' || presented.length === 0) {
      throw authRequired(`Send the internal token in the ${INTERNAL_TOKEN_HEADER} header.`);
    }
    if (!timingSafeEqual(digest(presented), this.expected)) {
      throw authRequired(`The ${INTERNAL_TOKEN_HEADER} header is wrong.`);
    }
    return true;
  }
}
