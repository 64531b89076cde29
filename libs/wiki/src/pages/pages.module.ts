import { Module } from '@nestjs/common';
import { WikiCoreModule } from '../wiki-core.module';
import { PageCreator } from './page-create.service';
import { PageEditService } from './page-edit.service';
import { PageSaveService } from './page-save.service';
import { PageTrashService } from './page-trash.service';
import { PageUpsertService } from './page-upsert.service';
import { PagesController } from './pages.controller';
import { TrashController } from './trash.controller';

@Module({
  imports: [WikiCoreModule],
  controllers: [PagesController, TrashController],
  providers: [PageCreator, PageEditService, PageSaveService, PageUpsertService, PageTrashService],
  exports: [PageCreator],
})
export class PagesModule {}
