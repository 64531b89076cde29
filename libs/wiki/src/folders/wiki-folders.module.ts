import { Module } from '@nestjs/common';
import { IdentityModule } from '@cw/identity';
import { WikiCoreModule } from '../wiki-core.module';
import { FolderListingService } from './folder-listing.service';
import { FolderMoveService } from './folder-move.service';
import { FolderWriteService } from './folder-write.service';
import { FoldersController } from './folders.controller';
import { PageMoveController } from './page-move.controller';
import { PageMoveService } from './page-move.service';

/** Folders (create, list, move, delete) and moving or renaming a page. */
@Module({
  imports: [WikiCoreModule, IdentityModule.register({ withRoutes: false })],
  controllers: [FoldersController, PageMoveController],
  providers: [FolderListingService, FolderWriteService, FolderMoveService, PageMoveService],
})
export class WikiFoldersModule {}
