import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { AppError, CurrentActor, DescribedApiTag, PlatformConfig, RoutePolicy } from '@cw/platform';
import type { FastifyReply } from 'fastify';
import { ACCEPTANCE_API_TAG } from '../identity-api-tags';
import { clearSessionCookie, setSessionCookie } from '../sessions/session-cookie';
import { SessionService } from '../sessions/session.service';
import { AcceptanceGate } from './acceptance-gate';
import { AcceptanceService } from './acceptance.service';
import { AcceptanceRevokedDto } from './dtos/acceptance-revoked.dto';
import {
  AcceptanceExchangeDto,
  AcceptanceExchangeResponseDto,
} from './dtos/acceptance-exchange.dto';

@DescribedApiTag(ACCEPTANCE_API_TAG)
@Controller('api/acceptance/auth')
export class AcceptanceController {
  constructor(
    private readonly acceptance: AcceptanceService,
    private readonly gate: AcceptanceGate,
    private readonly sessions: SessionService,
    private readonly config: PlatformConfig,
  ) {}

  @Post('exchange')
  @HttpCode(200)
  @RoutePolicy({ access: 'route_specific', requiresSettings: ['ACCEPTANCE_AUTH_SECRET'] })
  @ApiOperation({
    operationId: 'acceptanceExchange',
    summary:
      'Test environments only (ACCEPTANCE_AUTH_SECRET set): signs in as a made-to-order person.',
    description:
      'With the right `secret`, finds or creates the person, the company (by name), the teams ' +
      'and the operator grants asked for, and sets the `session_token` cookie. A wrong secret ' +
      'is 401; without ACCEPTANCE_AUTH_SECRET the route answers 404.',
  })
  @ApiOkResponse({ type: AcceptanceExchangeResponseDto })
  async exchange(
    @Body() body: AcceptanceExchangeDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AcceptanceExchangeResponseDto> {
    const { token, body: response } = await this.acceptance.exchange(body);
    setSessionCookie(reply, token, this.config.isProduction);
    return response;
  }

  @Post('revoke')
  @HttpCode(200)
  @RoutePolicy({
    access: 'person',
    sessionOnly: true,
    requiresSettings: ['ACCEPTANCE_AUTH_SECRET'],
  })
  @ApiOperation({
    operationId: 'acceptanceRevoke',
    summary: 'Ends the acceptance session of the cookie.',
    description: 'Revokes the session and clears the cookie. Session only; 404 outside tests.',
  })
  @ApiOkResponse({ type: AcceptanceRevokedDto })
  async revoke(
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AcceptanceRevokedDto> {
    this.gate.assertEnabled();
    if (actor.credential.kind !== 'session')
      throw AppError.accessDenied('This route needs the session cookie.');
    await this.sessions.revoke(actor.credential.id);
    clearSessionCookie(reply, this.config.isProduction);
    return { revoked: true };
  }
}
