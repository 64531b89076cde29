import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
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

  /**
   * Holds the author's comment lock on the page for the caller's transaction, then counts their
   * comments there: parallel posts see each other's inserts.
   */
  async lockAndCountOf(manager: EntityManager, pageId: string, authorId: string): Promise<number> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `wiki:comments:${pageId}:${authorId}`,
    ]);
    const [row]: { posted: number }[] = await manager.query(
      `SELECT count(*)::int AS posted FROM wiki.comments WHERE page_id = $1 AND author_id = $2`,
      [pageId, authorId],
    );
    return row.posted;
  }

  async insert(
    manager: EntityManager,
    comment: Pick<Comment, 'pageId' | 'authorId' | 'bodyMd'>,
  ): Promise<Comment> {
    // clock_timestamp(), not now(): comments of one instant still sort in the order they landed.
    const { generatedMaps } = await manager.getRepository(Comment).insert({
      ...comment,
      createdAt: () => 'clock_timestamp()',
    });
    return this.comments.create({
      ...comment,
      ...(generatedMaps[0] as Pick<Comment, 'id' | 'createdAt'>),
    });
  }
}
