import { Body, Controller, Get, Header, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiResponse,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import {
  CurrentActor,
  DescribedApiTag,
  PlatformConfig,
  RoutePolicy,
  type RoutePolicyOptions,
} from '@cw/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AGENT_TEST_API_TAG } from '../identity-api-tags';
import { IdentityConfig } from '../identity.config';
import { publicBaseOf } from '../oauth/public-base';
import { clearSessionCookie, setSessionCookie } from '../sessions/session-cookie';
import { AgentTestSignInService } from './agent-test-sign-in.service';
import { AgentTestRevokedDto, AgentTestStatusDto } from './dtos/agent-test-status.dto';
import { CreateSignInLinkDto, SignInLinkDto } from './dtos/create-sign-in-link.dto';

/** Where an opened sign-in link lands: a fixed path of this origin, never one a caller names. */
const STATUS_PATH = '/api/agent-test/auth/status';

/** Acts on the caller's own session; no operator grant needed. */
const SESSION_POLICY: RoutePolicyOptions = {
  access: 'person',
  sessionOnly: true,
  requiresSettings: ['ACCEPTANCE_AUTH_SECRET'],
};

@DescribedApiTag(AGENT_TEST_API_TAG)
@Controller('api/agent-test/auth')
export class AgentTestSessionsController {
  constructor(
    private readonly signIns: AgentTestSignInService,
    private readonly identityConfig: IdentityConfig,
    private readonly platformConfig: PlatformConfig,
  ) {}

  @Post('sign-in-links')
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  @RoutePolicy({
    access: 'person',
    operatorRequirements: ['testing.authorize'],
    sessionOnly: true,
    requiresSettings: ['ACCEPTANCE_AUTH_SECRET'],
  })
  @ApiOperation({
    operationId: 'createAgentTestSignInLink',
    summary: 'Makes a one-time link that signs a testbed member’s browser in.',
    description:
      'For a member of your company (else 404), a link valid for 10 minutes that signs its ' +
      'first opener in as that member (a session cookie) and then never works again. Session ' +
      'cookie only, operator grant `testing.authorize`; 404 outside test environments.',
  })
  @ApiBody({
    type: CreateSignInLinkDto,
    examples: { member: { value: { email: 'ada@example.com' } } },
  })
  @ApiCreatedResponse({ type: SignInLinkDto })
  createLink(
    @CurrentActor() actor: Actor,
    @Body() body: CreateSignInLinkDto,
    @Req() request: FastifyRequest,
  ): Promise<SignInLinkDto> {
    return this.signIns.createLink(actor, body.email, publicBaseOf(request, this.identityConfig));
  }

  @Get('sign-in-links/:token')
  @RoutePolicy({ access: 'route_specific', requiresSettings: ['ACCEPTANCE_AUTH_SECRET'] })
  @ApiOperation({
    operationId: 'openAgentTestSignInLink',
    summary: 'Opens a sign-in link: sets the session cookie, then redirects to the status.',
    description:
      'The token in the path is the credential. The first open sets the `session_token` ' +
      'cookie and answers 303 to `/api/agent-test/auth/status`; a used, expired or unknown ' +
      'link is 404.',
  })
  @ApiParam({ name: 'token', description: 'The link token (`cwi_…`).' })
  @ApiResponse({
    status: 303,
    description: 'Signed in: the cookie is set; follow `Location` to the status.',
    headers: {
      Location: { description: '`/api/agent-test/auth/status`', schema: { type: 'string' } },
      'Set-Cookie': { description: 'The `session_token` cookie.', schema: { type: 'string' } },
    },
  })
  async openLink(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    const sessionToken = await this.signIns.openLink(token);
    setSessionCookie(reply, sessionToken, this.platformConfig.isProduction);
    void reply.header('Referrer-Policy', 'no-referrer').redirect(STATUS_PATH, 303);
  }

  @Get('status')
  @Header('Cache-Control', 'no-store')
  @RoutePolicy(SESSION_POLICY)
  @ApiOperation({
    operationId: 'agentTestStatus',
    summary: 'Who the session cookie signs in as.',
    description:
      'The person, company, role and the session’s kind and end. Session cookie only; 404 ' +
      'outside test environments.',
  })
  @ApiOkResponse({ type: AgentTestStatusDto })
  status(@CurrentActor() actor: Actor): Promise<AgentTestStatusDto> {
    return this.signIns.status(actor);
  }

  @Post('revoke')
  @HttpCode(200)
  @RoutePolicy(SESSION_POLICY)
  @ApiOperation({
    operationId: 'agentTestRevoke',
    summary: 'Ends the session of the cookie.',
    description:
      'Revokes the session at once in every process and clears the cookie. Session cookie ' +
      'only; 404 outside test environments.',
  })
  @ApiOkResponse({ type: AgentTestRevokedDto })
  async revoke(
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AgentTestRevokedDto> {
    await this.signIns.revoke(actor);
    clearSessionCookie(reply, this.platformConfig.isProduction);
    return { revoked: true };
  }
}
