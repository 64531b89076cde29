import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PageCreateService } from '../pages/page-create.service';
import { PageUpsertService } from '../pages/page-upsert.service';
import { SearchTerm } from '../search/entities/search-term.entity';
import { SearchTermRepository } from '../search/search-term.repository';
import { WikiSearchService } from '../search/wiki-search.service';
import { WikiCoreModule } from '../wiki-core.module';
import { WikiApi } from './wiki-api';

/**
 * The wiki for other contexts (workflow steps): searching, reading and upserting pages as an
 * actor, with no routes. It provides the services it builds on itself rather than importing the
 * feature modules, which would mount their controllers.
 */
@Module({
  imports: [WikiCoreModule, TypeOrmModule.forFeature([SearchTerm])],
  providers: [
    WikiApi,
    WikiSearchService,
    SearchTermRepository,
    PageCreateService,
    PageUpsertService,
  ],
  exports: [WikiApi],
})
export class WikiApiModule {}
