import { Controller, Get, Header, Param, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { DescribedApiTag, RoutePolicy } from '@cw/platform';
import { PUBLIC_API_TAG } from '../wiki-api-tags';
import { PublicPageDto } from './dtos/public-page.dto';
import { PublicRateLimitGuard } from './public-rate-limit.guard';
import { ShareLinkService } from './share-link.service';

/** Reading a shared page with no credential but the link itself; rate limited per client IP. */
@DescribedApiTag(PUBLIC_API_TAG)
@Controller('public/pages')
@UseGuards(PublicRateLimitGuard)
export class PublicPagesController {
  constructor(private readonly links: ShareLinkService) {}

  @Get(':token')
  @Header('Cache-Control', 'no-store')
  @Header('X-Robots-Tag', 'noindex, nofollow')
  @Header('Referrer-Policy', 'no-referrer')
  @RoutePolicy({ access: 'public' })
  @ApiOperation({
    operationId: 'readSharedPage',
    summary:
      'Reads the current head of a shared page (title, Markdown, version); 404 once revoked or trashed; 429 over the per-IP limit.',
    description:
      'No credential: the link token is the capability. The answer names no folder, lane or ' +
      'person, is never cached (`Cache-Control: no-store`) and asks not to be indexed.',
  })
  @ApiParam({ name: 'token', description: 'The share link token (`cwl_…`).' })
  @ApiOkResponse({ type: PublicPageDto })
  read(@Param('token') token: string): Promise<PublicPageDto> {
    return this.links.readPublic(token);
  }
}
