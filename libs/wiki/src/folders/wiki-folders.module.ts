import { Module } from '@nestjs/common';
import { IdentityModule } from '@cw/identity';
import { WikiCoreModule } from '../wiki-core.module';
import { FolderListing } from './folder-listing.service';
import { FolderMover } from './folder-move.service';
import { FolderWriter } from './folder-write.service';
import { FoldersController } from './folders.controller';
import { PageMoveController } from './page-move.controller';
import { PageMover } from './page-move.service';

/** Folders (create, list, move, delete) and moving or renaming a page. */
@Module({
  imports: [WikiCoreModule, IdentityModule.register({ withRoutes: false })],
  controllers: [FoldersController, PageMoveController],
  providers: [FolderListing, FolderWriter, FolderMover, PageMover],
})
export class WikiFoldersModule {}
