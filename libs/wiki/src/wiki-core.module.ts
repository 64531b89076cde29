import { Module } from '@nestjs/common';
import { IdentityModule } from '@cw/identity';
import { FolderPaths } from './pages/folder-paths.service';
import { LaneResolver } from './lanes/lane-resolver.service';
import { MutationLedger } from './pages/mutation-ledger';
import { PageReader } from './pages/page-reader.service';
import { PageVersionsWriter } from './pages/page-versions.writer';

const CORE = [PageReader, LaneResolver, FolderPaths, PageVersionsWriter, MutationLedger];

/** What every wiki feature module builds on: page lookup under visibility, lanes, versions. */
@Module({
  imports: [IdentityModule.register({ withRoutes: false })],
  providers: CORE,
  exports: CORE,
})
export class WikiCoreModule {}
