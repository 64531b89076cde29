import { Controller, Delete, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import {
  CurrentActor,
  DescribedApiTag,
  ErrorEnvelopeSchema,
  RoutePolicy,
  uuidParam,
} from '@cw/platform';
import { parsePageRef } from '../pages/page-ref';
import { WIKI_API_TAG } from '../wiki-api-tags';
import { CreatedShareLinkDto } from './dtos/created-share-link.dto';
import { ShareLinkListDto } from './dtos/share-link-list.dto';
import { ShareLinkService } from './share-link.service';

const PAGE_ID = {
  name: 'page_id',
  description: 'The page public UUID or legacy integer id.',
  example: '42',
};

/** Changing who can see a page: session only, a bearer token is always refused with 403. */
@DescribedApiTag(WIKI_API_TAG)
@Controller('api/wiki/pages/:page_id/share-links')
export class ShareLinksController {
  constructor(private readonly links: ShareLinkService) {}

  @Post()
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'createShareLink',
    summary: 'Creates a public read-only link to a page you can edit; the token is shown once.',
    description:
      'Anyone holding the link reads the current head at `GET /public/pages/{token}` without ' +
      'signing in, until the link is revoked or the page trashed. Only a hash of the token is ' +
      'stored. Session only: a bearer token is refused with 403. A page holds at most ' +
      '`WIKI_SHARE_LINKS_PER_PAGE` (default 20) live links, whoever made them.',
  })
  @ApiParam(PAGE_ID)
  @ApiCreatedResponse({ type: CreatedShareLinkDto })
  @ApiConflictResponse({
    description:
      'SHARE_LINK_LIMIT_REACHED: the page already has `WIKI_SHARE_LINKS_PER_PAGE` (default 20) ' +
      'live links; revoke one first. `details`: `{limit}`.',
    type: ErrorEnvelopeSchema,
  })
  create(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
  ): Promise<CreatedShareLinkDto> {
    return this.links.create(actor, parsePageRef(pageId));
  }

  @Get()
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'listShareLinks',
    summary: "Lists a page's live share links, without tokens (session only).",
    description: 'Each link with its token prefix, creator and creation time; needs edit rights.',
  })
  @ApiParam(PAGE_ID)
  @ApiOkResponse({ type: ShareLinkListDto })
  async list(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
  ): Promise<ShareLinkListDto> {
    return { share_links: await this.links.list(actor, parsePageRef(pageId)) };
  }

  @Delete(':link_id')
  @HttpCode(204)
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'revokeShareLink',
    summary: 'Revokes a share link; it stops working at once. Repeating it is harmless.',
    description: 'Answers 204 with no body, also when the link was already revoked.',
  })
  @ApiParam(PAGE_ID)
  @ApiParam({ name: 'link_id', description: 'The share link id.', format: 'uuid' })
  @ApiNoContentResponse()
  async revoke(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
    @Param('link_id', uuidParam('link_id')) linkId: string,
  ): Promise<void> {
    await this.links.revoke(actor, parsePageRef(pageId), linkId);
  }
}
