import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { contentReadableSql, visiblePagesSql } from '../access/visibility';
import { PAGE_COLUMNS, type PageRef, type PageRow } from './page-row';

@Injectable()
export class PageReader {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The page if the actor can see it, else null. With `lock`, the row is locked for the rest
   * of the caller's transaction (every write to a page goes through that lock).
   */
  async find(
    actor: Actor,
    ref: PageRef,
    options: { manager?: EntityManager; lock?: boolean } = {},
  ): Promise<PageRow | null> {
    const params: unknown[] = [ref.id];
    const visible = visiblePagesSql('p', actor, params);
    const person = `$${params.length - 1}`;
    const key = ref.kind === 'legacy' ? 'p.id = $1::bigint' : 'p.public_id = $1::uuid';
    const [row]: PageRow[] = await (options.manager ?? this.dataSource.manager).query(
      `SELECT ${PAGE_COLUMNS},
              ${contentReadableSql('p', person)} AS can_read
         FROM wiki.pages p
        WHERE ${key} AND ${visible}
        ${options.lock ? 'FOR UPDATE OF p' : ''}`,
      params,
    );
    return row ?? null;
  }

  async get(
    actor: Actor,
    ref: PageRef,
    options: { manager?: EntityManager; lock?: boolean } = {},
  ): Promise<PageRow> {
    const page = await this.find(actor, ref, options);
    if (!page) throw AppError.notFound('No page with that id is visible to you.');
    return page;
  }
}
