import { Module } from '@nestjs/common';
import { WikiCoreModule } from '../wiki-core.module';
import { CommentRepository } from './comment.repository';
import { CommentsConfig, loadCommentsConfig } from './comments.config';
import { CommentsController } from './comments.controller';
import { PageCommentsService } from './page-comments.service';

/** Comments on wiki pages. */
@Module({
  imports: [WikiCoreModule],
  controllers: [CommentsController],
  providers: [
    PageCommentsService,
    CommentRepository,
    { provide: CommentsConfig, useFactory: () => loadCommentsConfig() },
  ],
})
export class WikiCommentsModule {}
