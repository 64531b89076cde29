import { Module } from '@nestjs/common';
import { DirectoryModule } from '@cw/identity/credentials';
import { WikiCoreModule } from '../wiki-core.module';
import { FolderListingService } from './folder-listing.service';
import { FolderMoveService } from './folder-move.service';
import { FolderWriteService } from './folder-write.service';
import { FoldersController } from './folders.controller';
import { LandingRuleRepository } from './landing-rules/landing-rule.repository';
import { LandingRuleService } from './landing-rules/landing-rule.service';
import { LandingRulesController } from './landing-rules/landing-rules.controller';
import { PageMoveController } from './page-move.controller';
import { PageMoveService } from './page-move.service';

/** Folders (create, list, move, delete, landing rules) and moving or renaming a page. */
@Module({
  imports: [WikiCoreModule, DirectoryModule],
  controllers: [FoldersController, PageMoveController, LandingRulesController],
  providers: [
    FolderListingService,
    FolderWriteService,
    FolderMoveService,
    PageMoveService,
    LandingRuleRepository,
    LandingRuleService,
  ],
})
export class WikiFoldersModule {}
