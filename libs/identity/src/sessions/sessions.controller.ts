import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { AppError, CurrentActor, PlatformConfig, RoutePolicy } from '@cw/platform';
import type { FastifyReply } from 'fastify';
import { SignInDto, SignInResponseDto } from './dtos/sign-in.dto';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { SessionService } from './session.service';

@ApiTags('auth')
@Controller('api/auth')
export class SessionsController {
  constructor(
    private readonly sessions: SessionService,
    private readonly config: PlatformConfig,
  ) {}

  @Post('sign-in')
  @HttpCode(200)
  @RoutePolicy({ access: 'route_specific' })
  @ApiOperation({
    operationId: 'signIn',
    summary: 'Signs in with email and password; sets the session_token cookie.',
  })
  @ApiOkResponse({ type: SignInResponseDto })
  async signIn(
    @Body() body: SignInDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignInResponseDto> {
    const signedIn = await this.sessions.signIn(body.email, body.password, body.company_id);
    setSessionCookie(reply, signedIn.token, this.config.isProduction);
    return { person: signedIn.person, company: signedIn.company, role: signedIn.role };
  }

  @Post('sign-out')
  @HttpCode(200)
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'signOut',
    summary: 'Ends the current session and clears its cookie.',
  })
  @ApiOkResponse({ schema: { type: 'object', properties: { signed_out: { type: 'boolean' } } } })
  async signOut(
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ signed_out: true }> {
    if (actor.credential.kind !== 'session')
      throw AppError.accessDenied('Sign-out needs the session cookie.');
    await this.sessions.revoke(actor.credential.id);
    clearSessionCookie(reply, this.config.isProduction);
    return { signed_out: true };
  }
}
