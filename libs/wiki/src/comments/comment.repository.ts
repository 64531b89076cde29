import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Comment } from './entities/comment.entity';

/** `wiki.comments`. */
@Injectable()
export class CommentRepository {
  constructor(@InjectRepository(Comment) private readonly comments: Repository<Comment>) {}

  /** The page's comments, oldest first. */
  listForPage(pageId: string, limit: number, offset: number): Promise<Comment[]> {
    return this.comments.find({
      where: { pageId },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: limit,
      skip: offset,
    });
  }

  async insert(comment: Pick<Comment, 'pageId' | 'authorId' | 'bodyMd'>): Promise<Comment> {
    // clock_timestamp(), not now(): comments of one instant still sort in the order they landed.
    const { generatedMaps } = await this.comments.insert({
      ...comment,
      createdAt: () => 'clock_timestamp()',
    });
    return this.comments.create({
      ...comment,
      ...(generatedMaps[0] as Pick<Comment, 'id' | 'createdAt'>),
    });
  }
}
