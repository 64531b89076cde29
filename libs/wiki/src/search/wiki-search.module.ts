import { Module } from '@nestjs/common';
import { MemoryBootstrapService } from '../memory/memory-bootstrap.service';
import { MemoryController } from '../memory/memory.controller';
import { WikiCoreModule } from '../wiki-core.module';
import { SearchController } from './search.controller';
import { SearchTermRepository } from './search-term.repository';
import { WikiSearchService } from './wiki-search.service';

/** Wiki search (`GET /api/wiki/search`) and the memory bootstrap built on the same search. */
@Module({
  imports: [WikiCoreModule],
  controllers: [SearchController, MemoryController],
  providers: [WikiSearchService, MemoryBootstrapService, SearchTermRepository],
  exports: [WikiSearchService],
})
export class WikiSearchModule {}
