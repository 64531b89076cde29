import { Module } from '@nestjs/common';
import { DirectoryModule } from '@cw/identity/credentials';
import { FolderRepository } from './folders/folder.repository';
import { FolderTreeRepository } from './folders/folder-tree.repository';
import { FolderPathsService } from './folders/folder-paths.service';
import { LaneResolverService } from './lanes/lane-resolver.service';
import { DraftsConfig, loadDraftsConfig } from './pages/drafts.config';
import { MutationLedger } from './pages/mutation-ledger';
import { PageListingRepository } from './pages/page-listing.repository';
import { PageMutationRepository } from './pages/page-mutation.repository';
import { PageReadRepository } from './pages/page-read.repository';
import { PageReader } from './pages/page-reader';
import { PageSearchRepository } from './pages/page-search.repository';
import { PageTrashRepository } from './pages/page-trash.repository';
import { PageVersionRepository } from './pages/page-version.repository';
import { PageVersionsWriter } from './pages/page-versions.writer';
import { PageWriteRepository } from './pages/page-write.repository';

const CORE = [
  PageReadRepository,
  PageWriteRepository,
  PageListingRepository,
  PageSearchRepository,
  PageTrashRepository,
  PageVersionRepository,
  FolderRepository,
  FolderTreeRepository,
  PageReader,
  LaneResolverService,
  FolderPathsService,
  PageVersionsWriter,
  MutationLedger,
];

/**
 * What every wiki feature module builds on: pages and folders with their repositories, page
 * lookup under visibility, lanes, versions.
 */
@Module({
  imports: [DirectoryModule],
  providers: [
    ...CORE,
    PageMutationRepository,
    { provide: DraftsConfig, useFactory: () => loadDraftsConfig() },
  ],
  exports: CORE,
})
export class WikiCoreModule {}
