import { Module } from '@nestjs/common';
import { LandingRuleRepository } from '../folders/landing-rules/landing-rule.repository';
import { MisfiledPagesService } from '../folders/landing-rules/misfiled-pages.service';
import { PageMoveService } from '../folders/page-move.service';
import { PageCreateService } from '../pages/page-create.service';
import { PageUpsertService } from '../pages/page-upsert.service';
import { SearchTermRepository } from '../search/search-term.repository';
import { WikiSearchService } from '../search/wiki-search.service';
import { WikiCoreModule } from '../wiki-core.module';
import { WikiApi } from './wiki-api';

/**
 * The wiki for other contexts (workflow steps, the home): searching, reading, listing and
 * upserting pages, and filing misfiled Inbox pages, as an actor, with no routes. It provides the
 * services it builds on itself rather than importing the
 * feature modules, which would mount their controllers.
 */
@Module({
  imports: [WikiCoreModule],
  providers: [
    WikiApi,
    WikiSearchService,
    SearchTermRepository,
    PageCreateService,
    PageUpsertService,
    PageMoveService,
    LandingRuleRepository,
    MisfiledPagesService,
  ],
  exports: [WikiApi],
})
export class WikiApiModule {}
