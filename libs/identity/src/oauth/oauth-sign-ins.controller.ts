import { Controller, Delete, Get, HttpCode, Param } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy, uuidParam } from '@cw/platform';
import { OAuthSignInListDto } from './dtos/sign-in-list.dto';
import { OAUTH_API_TAG } from './oauth-api-tag';
import { OAuthSignInService } from './oauth-sign-in.service';

@DescribedApiTag(OAUTH_API_TAG)
@Controller('api/auth/oauth-sign-ins')
export class OAuthSignInsController {
  constructor(private readonly signIns: OAuthSignInService) {}

  @Get()
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'listOAuthSignIns',
    summary: 'Lists the applications you signed in to through OAuth.',
    description:
      'Your live OAuth sign-ins in this company, newest first: each counts as one of your 25 ' +
      'live tokens. Session only.',
  })
  @ApiOkResponse({ type: OAuthSignInListDto })
  async list(@CurrentActor() actor: Actor): Promise<OAuthSignInListDto> {
    const signIns = await this.signIns.listOwn(actor);
    return {
      oauth_sign_ins: signIns.map((signIn) => ({
        id: signIn.id,
        client_id: signIn.clientId,
        client_name: signIn.clientName,
        scopes: signIn.scopes,
        offline_access: signIn.offline,
        created_at: signIn.createdAt.toISOString(),
        last_used_at: signIn.lastUsedAt?.toISOString() ?? null,
      })),
    };
  }

  @Delete(':sign_in_id')
  @HttpCode(204)
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'revokeOAuthSignIn',
    summary: 'Ends an OAuth sign-in: its access and refresh tokens stop working at once.',
    description: 'Idempotent for your own sign-ins; 404 for any other id. Session only.',
  })
  @ApiNoContentResponse({ description: 'Ended.' })
  async revoke(
    @CurrentActor() actor: Actor,
    @Param('sign_in_id', uuidParam('sign_in_id')) signInId: string,
  ): Promise<void> {
    await this.signIns.revokeOwn(actor, signInId);
  }
}
