import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { AppError, CurrentActor, PlatformConfig, RoutePolicy } from '@cw/platform';
import type { FastifyReply } from 'fastify';
import { clearSessionCookie, setSessionCookie } from '../sessions/session-cookie';
import { SessionService } from '../sessions/session.service';
import { AcceptanceService } from './acceptance.service';
import {
  AcceptanceExchangeDto,
  AcceptanceExchangeResponseDto,
} from './dtos/acceptance-exchange.dto';

@ApiTags('acceptance')
@Controller('api/acceptance/auth')
export class AcceptanceController {
  constructor(
    private readonly acceptance: AcceptanceService,
    private readonly sessions: SessionService,
    private readonly config: PlatformConfig,
  ) {}

  @Post('exchange')
  @HttpCode(200)
  @RoutePolicy({ access: 'route_specific' })
  @ApiOperation({
    operationId: 'acceptanceExchange',
    summary:
      'Test environments only (ACCEPTANCE_AUTH_SECRET set): signs in as a made-to-order person.',
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
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'acceptanceRevoke',
    summary: 'Ends the acceptance session of the cookie.',
  })
  @ApiOkResponse({ schema: { type: 'object', properties: { revoked: { type: 'boolean' } } } })
  async revoke(
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ revoked: true }> {
    this.acceptance.assertEnabled();
    if (actor.credential.kind !== 'session')
      throw AppError.accessDenied('This route needs the session cookie.');
    await this.sessions.revoke(actor.credential.id);
    clearSessionCookie(reply, this.config.isProduction);
    return { revoked: true };
  }
}
