import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { AppError, CurrentActor, DescribedApiTag, PlatformConfig, RoutePolicy } from '@cw/platform';
import type { FastifyReply } from 'fastify';
import { AUTH_API_TAG } from '../identity-api-tags';
import { SignInDto, SignInResponseDto } from './dtos/sign-in.dto';
import { SignedOutDto } from './dtos/signed-out.dto';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { SessionService } from './session.service';

@DescribedApiTag(AUTH_API_TAG)
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
    description:
      'No credential: the password is checked here. Answers the person, company and role and ' +
      'sets the HttpOnly `session_token` cookie; a wrong email or password is 401 ' +
      'AUTH_REQUIRED, the same for both.',
  })
  @ApiBody({
    type: SignInDto,
    examples: {
      signIn: {
        summary: 'Email and password',
        value: { email: 'ada@example.com', password: 'correct horse battery staple' },
      },
    },
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
    description: 'The session stops working at once in every process. Session only.',
  })
  @ApiOkResponse({ type: SignedOutDto })
  async signOut(
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignedOutDto> {
    if (actor.credential.kind !== 'session')
      throw AppError.accessDenied('Sign-out needs the session cookie.');
    await this.sessions.revoke(actor.credential.id);
    clearSessionCookie(reply, this.config.isProduction);
    return { signed_out: true };
  }
}
