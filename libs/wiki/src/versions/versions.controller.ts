import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy } from '@cw/platform';
import { PageListQueryDto } from '../pages/dtos/page-list-query.dto';
import { parsePageRef } from '../pages/page-ref';
import { WIKI_API_TAG } from '../wiki-api-tags';
import { PageVersionsService } from './page-versions.service';
import { VersionCompareQueryDto } from './dtos/version-compare-query.dto';
import { PageVersionDto, VersionCompareDto, VersionListDto } from './dtos/version-response.dto';
import { positiveIntParam } from './version-param.pipe';

const PAGE_ID = { name: 'page_id', description: 'The page public UUID or legacy integer id.' };
const RESTRICTED =
  ' A restricted page you are not listed on answers 403 ACCESS_DENIED (details.error ' +
  '`page_restricted`): its history is content.';

@DescribedApiTag(WIKI_API_TAG)
@Controller('api/wiki/pages')
export class VersionsController {
  constructor(private readonly versions: PageVersionsService) {}

  @Get(':page_id/versions')
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'] })
  @ApiOperation({
    operationId: 'listPageVersions',
    summary: "Lists a page's versions, newest first, without bodies.",
    description:
      'Every stored version: heads and drafts (submissions kept as `newer_version_available`), ' +
      'each with its provenance (author, time, message, source).' +
      RESTRICTED,
  })
  @ApiParam(PAGE_ID)
  @ApiOkResponse({ type: VersionListDto })
  list(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
    @Query() query: PageListQueryDto,
  ): Promise<VersionListDto> {
    return this.versions.list(actor, parsePageRef(pageId), query.limit ?? 50, query.offset ?? 0);
  }

  @Get(':page_id/versions/:version')
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'] })
  @ApiOperation({
    operationId: 'readPageVersion',
    summary: 'Reads one version of a page with its body.',
    description: 'Drafts can be read too. 404 for a version the page does not have.' + RESTRICTED,
  })
  @ApiParam(PAGE_ID)
  @ApiParam({ name: 'version', description: 'Version number (integer >= 1).', example: 1 })
  @ApiOkResponse({ type: PageVersionDto })
  read(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
    @Param('version', positiveIntParam('version')) version: number,
  ): Promise<PageVersionDto> {
    return this.versions.get(actor, parsePageRef(pageId), version);
  }

  @Get(':page_id/compare')
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'] })
  @ApiOperation({
    operationId: 'comparePageVersions',
    summary: 'Compares two versions of a page: a unified diff of the bodies and the title change.',
    description:
      'Any two versions, drafts included, in either order. 404 when either version is missing. ' +
      'The line diff does bounded work: when the bodies differ in too many lines, ' +
      '`diff_minimal` is false and the diff replaces the whole changed region in one hunk.' +
      RESTRICTED,
  })
  @ApiParam(PAGE_ID)
  @ApiOkResponse({ type: VersionCompareDto })
  compare(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
    @Query() query: VersionCompareQueryDto,
  ): Promise<VersionCompareDto> {
    return this.versions.compare(actor, parsePageRef(pageId), query.from, query.to);
  }
}
