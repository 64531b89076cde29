import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy } from '@cw/platform';
import { HOME_API_TAG } from '../home-api-tag';
import { parseCompanyRef } from './company-ref';
import { HomeSummaryDto } from './dtos/home-summary.dto';
import { HomeSummaryQueryDto, SUMMARY_LIMIT } from './dtos/home-summary-query.dto';
import { HomeSummaryService } from './home-summary.service';
import type { HomeSummaryView } from './home-summary-view';

@DescribedApiTag(HOME_API_TAG)
@Controller('api/home')
export class HomeSummaryController {
  constructor(private readonly home: HomeSummaryService) {}

  @Get('summary')
  @RoutePolicy({ access: 'person' })
  @ApiOperation({
    operationId: 'getHomeSummary',
    summary: 'Your home: your company, recent pages, recent reports and chips.',
    description:
      'Each list holds at most `limit`. `recent_pages`: pages you may read (the wiki’s ' +
      'visibility: your private pages, your teams’, the company’s; restricted pages only if ' +
      'you are on their list), most recently updated by anyone first. `recent_reports`: ' +
      'reports you may read, newest first. `chips`: misfiling chips for your `/Private/Inbox` ' +
      'pages that a landing rule of a folder you can write claims, minus those you dismissed. ' +
      'No scope is required: a token without `wiki:read` gets no pages and no chips, one ' +
      'without `workflows:read` no reports. `company_id` other than the credential’s: 403.',
  })
  @ApiOkResponse({ type: HomeSummaryDto })
  summary(
    @CurrentActor() actor: Actor,
    @Query() query: HomeSummaryQueryDto,
  ): Promise<HomeSummaryView> {
    return this.home.summary(
      actor,
      query.limit ?? SUMMARY_LIMIT.default,
      query.company_id === undefined ? undefined : parseCompanyRef(query.company_id),
    );
  }
}
