import { Module } from '@nestjs/common';
import { WikiCoreModule } from '../wiki-core.module';
import { PageFileRepository } from './file.repository';
import { FilesConfig, loadFilesConfig } from './files.config';
import { FilesController } from './files.controller';
import { MultipartRegistrar } from './multipart.registrar';
import { PageFilesService } from './page-files.service';

/** Files attached to wiki pages, and the multipart parser their upload route needs. */
@Module({
  imports: [WikiCoreModule],
  controllers: [FilesController],
  providers: [
    PageFilesService,
    PageFileRepository,
    MultipartRegistrar,
    { provide: FilesConfig, useFactory: () => loadFilesConfig() },
  ],
})
export class WikiFilesModule {}
