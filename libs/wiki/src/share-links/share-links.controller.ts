import { Controller, Delete, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, RoutePolicy, uuidParam } from '@cw/platform';
import { parsePageRef } from '../pages/page-ref';
import { CreatedShareLinkDto } from './dtos/created-share-link.dto';
import { ShareLinkListDto } from './dtos/share-link-list.dto';
import { type CreatedShareLink, ShareLinkService, type ShareLinkView } from './share-link.service';

const PAGE_ID = {
  name: 'page_id',
  description: 'The page public UUID or legacy integer id.',
  example: '42',
};

/** Changing who can see a page: session only, a bearer token is always refused with 403. */
@ApiTags('wiki')
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
  })
  @ApiParam(PAGE_ID)
  @ApiCreatedResponse({ type: CreatedShareLinkDto })
  create(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
  ): Promise<CreatedShareLink> {
    return this.links.create(actor, parsePageRef(pageId));
  }

  @Get()
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'listShareLinks',
    summary: "Lists a page's live share links, without tokens (session only).",
  })
  @ApiParam(PAGE_ID)
  @ApiOkResponse({ type: ShareLinkListDto })
  async list(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
  ): Promise<{ share_links: ShareLinkView[] }> {
    return { share_links: await this.links.list(actor, parsePageRef(pageId)) };
  }

  @Delete(':link_id')
  @HttpCode(204)
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'revokeShareLink',
    summary: 'Revokes a share link; it stops working at once. Repeating it is harmless.',
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
