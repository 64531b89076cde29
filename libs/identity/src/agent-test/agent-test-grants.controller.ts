import { Body, Controller, Get, Header, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  getSchemaPath,
} from '@nestjs/swagger';
import { type Actor, SCOPES } from '@cw/domain';
import {
  CurrentActor,
  DescribedApiTag,
  HTML_PAGE_CONTENT,
  RoutePolicy,
  type RoutePolicyOptions,
  uuidParam,
} from '@cw/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AGENT_TEST_API_TAG } from '../identity-api-tags';
import { IdentityConfig } from '../identity.config';
import { publicBaseOf } from '../oauth/public-base';
import { AgentTestGrantService, authorizePathOf } from './agent-test-grant.service';
import { renderApprovedPage, renderAuthorizePage } from './authorize-page';
import { ExchangeGrantDto, GrantTokenDto } from './dtos/exchange-grant.dto';
import { GrantApprovedDto } from './dtos/grant-approved.dto';
import { GrantRequestedDto, RequestGrantDto } from './dtos/request-grant.dto';
import { setHtmlPageHeaders } from '@cw/platform';

const GRANT_ID = { name: 'grant_id', format: 'uuid', description: 'The grant id (UUID).' };

/** Approving needs a person in a browser: a token can never approve a grant. */
const APPROVER_POLICY: RoutePolicyOptions = {
  access: 'person',
  operatorRequirements: ['testing.authorize'],
  sessionOnly: true,
  requiresSettings: ['ACCEPTANCE_AUTH_SECRET'],
};

function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

@DescribedApiTag(AGENT_TEST_API_TAG)
@Controller('api/agent-test/auth/grants')
export class AgentTestGrantsController {
  constructor(
    private readonly grants: AgentTestGrantService,
    private readonly config: IdentityConfig,
  ) {}

  @Post()
  @HttpCode(201)
  @RoutePolicy({ access: 'route_specific', requiresSettings: ['ACCEPTANCE_AUTH_SECRET'] })
  @ApiOperation({
    operationId: 'requestAgentTestGrant',
    summary: 'Test environments only: asks for an API key of a testbed member.',
    description:
      'With the right `secret` (ACCEPTANCE_AUTH_SECRET), records a grant for the member with ' +
      'that email in the company of that name (404 when they are not a member) and answers ' +
      'its `authorize_url`. A person with the `testing.authorize` operator grant in that ' +
      'company opens it in a browser and approves within 15 minutes; then exchange the grant ' +
      'for the key. A wrong secret is 401; without ACCEPTANCE_AUTH_SECRET the route answers 404.',
  })
  @ApiBody({
    type: RequestGrantDto,
    examples: {
      sixScopes: {
        summary: 'A key with the six scopes',
        value: { secret: '<ACCEPTANCE_AUTH_SECRET>', email: 'ada@example.com', company: 'Acme' },
      },
      readOnly: {
        summary: 'A key that only reads the wiki',
        value: {
          secret: '<ACCEPTANCE_AUTH_SECRET>',
          email: 'ada@example.com',
          company: 'Acme',
          scopes: ['wiki:read'],
        },
      },
    },
  })
  @ApiCreatedResponse({ type: GrantRequestedDto })
  request(
    @Body() body: RequestGrantDto,
    @Req() request: FastifyRequest,
  ): Promise<GrantRequestedDto> {
    return this.grants.request(
      body.secret,
      { email: body.email, company: body.company, scopes: body.scopes ?? [...SCOPES] },
      publicBaseOf(request, this.config),
    );
  }

  @Get(':grant_id/authorize')
  @RoutePolicy(APPROVER_POLICY)
  @ApiOperation({
    operationId: 'showAgentTestGrant',
    summary: 'The HTML page on which a testing operator approves a grant.',
    description:
      'Names the member, the company and the scopes, with an Approve button that posts the ' +
      'form back to this URL. Session cookie only, operator grant `testing.authorize`, same ' +
      'company as the grant (else 404); an unknown or expired grant is 404. Sent with a ' +
      'Content-Security-Policy that allows no script and no framing, and `no-store`.',
  })
  @ApiParam(GRANT_ID)
  @ApiOkResponse({ description: 'The approval page.', content: HTML_PAGE_CONTENT })
  async show(
    @CurrentActor() actor: Actor,
    @Param('grant_id', uuidParam('grant_id')) grantId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const grant = await this.grants.forApprover(actor, grantId);
    setHtmlPageHeaders(reply);
    return renderAuthorizePage(grant, authorizePathOf(grantId));
  }

  @Post(':grant_id/authorize')
  @HttpCode(200)
  @RoutePolicy(APPROVER_POLICY)
  @ApiOperation({
    operationId: 'approveAgentTestGrant',
    summary: 'Approves a grant; idempotent.',
    description:
      'Approving again answers the first approval. JSON by default; the HTML form of the ' +
      'approval page (a form-encoded post) gets a confirmation page instead. Same access as ' +
      'the page; an unknown grant, one of another company or one that expired unapproved is 404.',
  })
  @ApiParam(GRANT_ID)
  @ApiExtraModels(GrantApprovedDto)
  @ApiOkResponse({
    description: 'The approval (JSON), or a confirmation page after the HTML form.',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(GrantApprovedDto) } },
      ...HTML_PAGE_CONTENT,
    },
  })
  async approve(
    @CurrentActor() actor: Actor,
    @Param('grant_id', uuidParam('grant_id')) grantId: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<GrantApprovedDto | string> {
    const { approval, grant } = await this.grants.approve(actor, grantId);
    if (!isFormPost(request)) return approval;
    setHtmlPageHeaders(reply);
    return renderApprovedPage(grant, grant.approvedAt);
  }

  @Post(':grant_id/exchange')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @RoutePolicy({ access: 'route_specific', requiresSettings: ['ACCEPTANCE_AUTH_SECRET'] })
  @ApiOperation({
    operationId: 'exchangeAgentTestGrant',
    summary: 'Exchanges an approved grant for its API key, once.',
    description:
      'With the right `secret`, answers an API key (`cwk_…`) of the grant’s member with the ' +
      'granted scopes (`Cache-Control: no-store`). Before approval 409 GRANT_NOT_APPROVED ' +
      '(ask again later); a second exchange 409 GRANT_EXCHANGED; the member’s 25 live tokens ' +
      '409 TOKEN_LIMIT_REACHED; an unknown grant or one that expired unapproved 404.',
  })
  @ApiParam(GRANT_ID)
  @ApiBody({
    type: ExchangeGrantDto,
    examples: { exchange: { value: { secret: '<ACCEPTANCE_AUTH_SECRET>' } } },
  })
  @ApiOkResponse({ type: GrantTokenDto })
  exchange(
    @Param('grant_id', uuidParam('grant_id')) grantId: string,
    @Body() body: ExchangeGrantDto,
  ): Promise<GrantTokenDto> {
    return this.grants.exchange(body.secret, grantId);
  }
}
