import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy } from '@cw/platform';
import { WIKI_API_TAG } from '../wiki-api-tags';
import { MemoryBootstrapQueryDto } from './dtos/memory-bootstrap-query.dto';
import { MemoryBootstrapResponseDto } from './dtos/memory-bootstrap-response.dto';
import { MemoryBootstrapService } from './memory-bootstrap.service';

@DescribedApiTag(WIKI_API_TAG)
@Controller('api/wiki/memory')
export class MemoryController {
  constructor(private readonly memory: MemoryBootstrapService) {}

  @Get('bootstrap')
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'], mcpTools: ['bootstrap_memory'] })
  @ApiOperation({
    operationId: 'bootstrapMemory',
    summary: 'Loads your standing memory page and matching notes; creates nothing.',
    description:
      'Notes: first /Private/My assistant memory when it is not empty, then keyword matches in ' +
      'your Private lane (and with include_shared=true team and company pages you can read), ' +
      'without folder indexes or workflow memory. Current bodies only. has_more=true means more ' +
      'permitted notes matched; an empty result can mean no match or no access.',
  })
  @ApiOkResponse({ type: MemoryBootstrapResponseDto })
  bootstrap(
    @CurrentActor() actor: Actor,
    @Query() query: MemoryBootstrapQueryDto,
  ): Promise<MemoryBootstrapResponseDto> {
    return this.memory.bootstrap(actor, {
      query: query.query,
      includeShared: query.include_shared,
      limit: query.limit,
    });
  }
}
