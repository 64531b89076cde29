import { Module } from '@nestjs/common';
import { WikiCommentsModule } from './comments/wiki-comments.module';
import { WikiFilesModule } from './files/wiki-files.module';
import { WikiFoldersModule } from './folders/wiki-folders.module';
import { WikiPagesModule } from './pages/wiki-pages.module';
import { WikiSearchModule } from './search/wiki-search.module';
import { WikiShareLinksModule } from './share-links/wiki-share-links.module';
import { WikiSyncModule } from './sync/wiki-sync.module';
import { WikiCoreModule } from './wiki-core.module';
import { WikiVersionsModule } from './versions/wiki-versions.module';

/** The company wiki (schema `wiki`): pages, folders, versions, comments, files, search, memory. */
@Module({
  imports: [
    WikiCoreModule,
    WikiPagesModule,
    WikiSearchModule,
    WikiShareLinksModule,
    WikiSyncModule,
    WikiFoldersModule,
    WikiVersionsModule,
    WikiCommentsModule,
    WikiFilesModule,
  ],
})
export class WikiModule {}
