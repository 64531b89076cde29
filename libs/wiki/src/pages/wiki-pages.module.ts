import { Module } from '@nestjs/common';
import { WikiCoreModule } from '../wiki-core.module';
import { PageCreateService } from './page-create.service';
import { PageEditService } from './page-edit.service';
import { PageSaveService } from './page-save.service';
import { PageTrashService } from './page-trash.service';
import { PageUpsertService } from './page-upsert.service';
import { PagesController } from './pages.controller';
import { TrashController } from './trash.controller';

/** Reading, creating, editing, saving, upserting and trashing pages. */
@Module({
  imports: [WikiCoreModule],
  controllers: [PagesController, TrashController],
  providers: [
    PageCreateService,
    PageEditService,
    PageSaveService,
    PageUpsertService,
    PageTrashService,
  ],
})
export class WikiPagesModule {}
