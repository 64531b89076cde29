import { Module } from '@nestjs/common';
import { WikiCoreModule } from '../wiki-core.module';
import { PageVersionsService } from './page-versions.service';
import { VersionsController } from './versions.controller';

/** A page's version history, single versions and version comparison. */
@Module({
  imports: [WikiCoreModule],
  controllers: [VersionsController],
  providers: [PageVersionsService],
})
export class WikiVersionsModule {}
