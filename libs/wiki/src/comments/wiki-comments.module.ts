import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WikiCoreModule } from '../wiki-core.module';
import { CommentRepository } from './comment.repository';
import { CommentsController } from './comments.controller';
import { Comment } from './entities/comment.entity';
import { PageCommentsService } from './page-comments.service';

/** Comments on wiki pages. */
@Module({
  imports: [WikiCoreModule, TypeOrmModule.forFeature([Comment])],
  controllers: [CommentsController],
  providers: [PageCommentsService, CommentRepository],
})
export class WikiCommentsModule {}
