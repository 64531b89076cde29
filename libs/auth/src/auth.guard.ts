import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Actor, scopeSatisfies } from '@cw/domain';
import { CredentialService } from '@cw/identity/credentials';
import {
  AppError,
  ROUTE_POLICY,
  type RequestWithActor,
  type ResolvedRoutePolicy,
} from '@cw/platform';
import type { FastifyRequest } from 'fastify';
import { CredentialResolver } from './credential.resolver';
import { presentedToken } from './presented-token';

/** `details.error` of the guard's own 403 refusals. Clients branch on them: never rename one. */
type AccessDeniedReason = 'session_required' | 'operator_requirement';

function accessDenied(
  reason: AccessDeniedReason,
  message: string,
  details: Record<string, unknown> = {},
): AppError {
  return AppError.accessDenied(message, { error: reason, ...details });
}

/**
 * The global guard: reads the route's one policy declaration and enforces it. A route without
 * a declaration is refused (secure by default); a test also fails on any such route.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly resolver: CredentialResolver,
    private readonly credentials: CredentialService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<ResolvedRoutePolicy | undefined>(ROUTE_POLICY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = context.switchToHttp().getRequest<FastifyRequest & RequestWithActor>();
    if (!policy) {
      request.log.error(
        `route without a policy: ${context.getClass().name}.${context.getHandler().name}`,
      );
      throw AppError.accessDenied('This route declares no access policy.');
    }
    if (policy.access !== 'person') return true;
    request.actor = await this.authenticate(request, policy);
    return true;
  }

  private async authenticate(request: FastifyRequest, policy: ResolvedRoutePolicy): Promise<Actor> {
    const presented = presentedToken(request);
    if (!presented) throw AppError.authRequired();
    if (presented.via === 'malformed')
      throw AppError.authRequired('Send the header as `Authorization: Bearer <token>`.');
    const credential = await this.resolver.resolve(presented.token);
    if (!credential) {
      // RFC 6750 §3.1: a bearer token that does not resolve is `invalid_token`; a stale cookie
      // is not a bearer credential, so its challenge names no error.
      throw presented.via === 'bearer'
        ? AppError.invalidToken()
        : AppError.authRequired('The token is invalid, expired or revoked.');
    }
    if (presented.via === 'bearer' && credential.kind === 'session') {
      throw AppError.invalidToken(
        'A session token is sent as the session_token cookie, not as a bearer token.',
      );
    }
    if (presented.via === 'cookie' && credential.kind !== 'session') {
      throw AppError.authRequired('The session_token cookie does not hold a session.');
    }
    if (policy.sessionOnly && credential.kind !== 'session') {
      throw accessDenied(
        'session_required',
        'This route always refuses tokens: it manages keys, sign-ins, sessions or access, and needs a signed-in browser session.',
      );
    }
    if (credential.scopes && policy.scopes) {
      const held = credential.scopes;
      if (!policy.scopes.some((scope) => scopeSatisfies(held, scope))) {
        throw AppError.insufficientScope(policy.scopes, held);
      }
    }
    const missing = await this.credentials.missingOperatorGrants(
      credential.personId,
      policy.operatorRequirements,
    );
    if (missing.length > 0) {
      throw accessDenied(
        'operator_requirement',
        `This route needs the operator grant ${missing.join(', ')}.`,
        { missing_operator_requirements: missing },
      );
    }
    return {
      personId: credential.personId,
      companyId: credential.companyId,
      role: credential.role,
      teamIds: credential.teamIds,
      credential: { kind: credential.kind, id: credential.id, scopes: credential.scopes },
    };
  }
}
