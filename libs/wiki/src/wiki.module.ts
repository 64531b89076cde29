import { Module } from '@nestjs/common';
import { WikiCommentsModule } from './comments/wiki-comments.module';
import { WikiFilesModule } from './files/wiki-files.module';
import { WikiFoldersModule } from './folders/wiki-folders.module';
import { PagesModule } from './pages/pages.module';
import { WikiSearchModule } from './search/wiki-search.module';
import { ShareLinksModule } from './share-links/share-links.module';
import { SyncModule } from './sync/sync.module';
import { WikiCoreModule } from './wiki-core.module';
import { WikiVersionsModule } from './versions/wiki-versions.module';

/** The company wiki (schema `wiki`): pages, folders, versions, comments, files, search, memory. */
@Module({
  imports: [
    WikiCoreModule,
    PagesModule,
    WikiSearchModule,
    ShareLinksModule,
    SyncModule,
    WikiFoldersModule,
    WikiVersionsModule,
    WikiCommentsModule,
    WikiFilesModule,
  ],
})
export class WikiModule {}
