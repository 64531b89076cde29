import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '@cw/identity';
import { Folder } from './folders/entities/folder.entity';
import { FolderRepository } from './folders/folder.repository';
import { FolderPathsService } from './folders/folder-paths.service';
import { LaneResolverService } from './lanes/lane-resolver.service';
import { DraftsConfig, loadDraftsConfig } from './pages/drafts.config';
import { Page } from './pages/entities/page.entity';
import { PageAccess } from './pages/entities/page-access.entity';
import { PageMutation } from './pages/entities/page-mutation.entity';
import { PageVersion } from './pages/entities/page-version.entity';
import { MutationLedger } from './pages/mutation-ledger';
import { PageRepository } from './pages/page.repository';
import { PageMutationRepository } from './pages/page-mutation.repository';
import { PageReader } from './pages/page-reader';
import { PageVersionRepository } from './pages/page-version.repository';
import { PageVersionsWriter } from './pages/page-versions.writer';

const CORE = [
  PageRepository,
  PageVersionRepository,
  FolderRepository,
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
  imports: [
    IdentityModule.register({ withRoutes: false }),
    TypeOrmModule.forFeature([Page, PageAccess, PageVersion, PageMutation, Folder]),
  ],
  providers: [
    ...CORE,
    PageMutationRepository,
    { provide: DraftsConfig, useFactory: () => loadDraftsConfig() },
  ],
  exports: CORE,
})
export class WikiCoreModule {}
