import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy } from '@cw/platform';
import { WIKI_API_TAG } from '../wiki-api-tags';
import { SearchQueryDto } from './dtos/search-query.dto';
import { SearchResponseDto } from './dtos/search-response.dto';
import { WikiSearchService } from './wiki-search.service';

@DescribedApiTag(WIKI_API_TAG)
@Controller('api/wiki/search')
export class SearchController {
  constructor(private readonly search: WikiSearchService) {}

  @Get()
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'], mcpTools: ['search_wiki'] })
  @ApiOperation({
    operationId: 'searchWiki',
    summary: 'Full-text search over the pages you can read, best match first.',
    description:
      'Ranked by PostgreSQL ts_rank with title matches weighted above body matches; ties by ' +
      'page id. Restricted pages you are not listed on and trashed pages are left out. Stop ' +
      'words alone match nothing (200 with no results).',
  })
  @ApiOkResponse({ type: SearchResponseDto })
  find(@CurrentActor() actor: Actor, @Query() query: SearchQueryDto): Promise<SearchResponseDto> {
    return this.search.search(actor, query.q, { limit: query.limit, offset: query.offset });
  }
}
