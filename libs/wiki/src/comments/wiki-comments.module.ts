import { Module } from '@nestjs/common';
import { WikiCoreModule } from '../wiki-core.module';
import { CommentsController } from './comments.controller';
import { PageCommentsService } from './page-comments.service';

/** Comments on wiki pages. */
@Module({
  imports: [WikiCoreModule],
  controllers: [CommentsController],
  providers: [PageCommentsService],
})
export class WikiCommentsModule {}
