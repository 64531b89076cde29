import { Module } from '@nestjs/common';
import { PagesModule } from './pages/pages.module';
import { WikiCoreModule } from './wiki-core.module';

/** The company wiki (schema `wiki`): pages, folders, versions, comments, files, search, memory. */
@Module({
  imports: [WikiCoreModule, PagesModule],
})
export class WikiModule {}
