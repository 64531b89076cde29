import { Injectable } from '@nestjs/common';
import { all, first, run } from '@cw/db';
import { sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import type { Reader } from '../access/visibility.sql';
import { wikiDb } from '../wiki-schema';
import { PAGE_COLUMN_NAMES, type PageRecord, type TrashedPageRecord } from './page-record';
import type { PageRef } from './page-ref';

const pageColumns = PAGE_COLUMN_NAMES.map((column) => `p.${column}` as const);
const canRead = sql<boolean>`true`.as('can_read');

export const pageTrashStatements = {
  markTrashed: (pageId: string, personId: string) =>
    wikiDb
      .updateTable('wiki.pages')
      .set({ deleted_at: sql`now()`, deleted_by: personId, updated_at: sql`now()` })
      .where('id', '=', pageId),

  /** Trashed pages of the lanes `reader` can write, newest first. */
  listTrashed: (reader: Reader, limit: number, offset: number) =>
    wikiDb
      .selectFrom('wiki.pages as p')
      .select([...pageColumns, 'p.deleted_at', canRead])
      .where('p.company_id', '=', reader.companyId)
      .where('p.deleted_at', 'is not', null)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('p.lane', '=', sql.lit('private')),
            eb('p.lane_owner_id', '=', reader.personId),
          ]),
          eb.and([
            eb('p.lane', '=', sql.lit('team')),
            eb('p.lane_owner_id', '=', sql<string>`ANY(${reader.teamIds}::uuid[])`),
          ]),
          eb('p.lane', '=', sql.lit('company')),
        ]),
      )
      .orderBy('p.deleted_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .offset(offset)
      .$narrowType<{ deleted_at: Date }>(),

  /** A trashed page of the company, locked for the rest of the transaction. */
  lockTrashed: (companyId: string, ref: PageRef) =>
    wikiDb
      .selectFrom('wiki.pages as p')
      .select([...pageColumns, canRead])
      .$if(ref.kind === 'legacy', (query) =>
        query.where('p.id', '=', sql<string>`${ref.id}::bigint`),
      )
      .$if(ref.kind === 'public', (query) =>
        query.where('p.public_id', '=', sql<string>`${ref.id}::uuid`),
      )
      .where('p.company_id', '=', companyId)
      .where('p.deleted_at', 'is not', null)
      .forUpdate('p'),

  markRestored: (pageId: string) =>
    wikiDb
      .updateTable('wiki.pages')
      .set({ deleted_at: null, deleted_by: null, updated_at: sql`now()` })
      .where('id', '=', pageId),
};

/** `wiki.pages` in and out of the trash: trashing, the trash listing, restoring. */
@Injectable()
export class PageTrashRepository {
  constructor(private readonly dataSource: DataSource) {}

  markTrashed(manager: EntityManager, pageId: string, personId: string): Promise<void> {
    return run(manager, pageTrashStatements.markTrashed(pageId, personId));
  }

  /** Trashed pages of the lanes `reader` can write, newest first. */
  listTrashed(reader: Reader, limit: number, offset: number): Promise<TrashedPageRecord[]> {
    return all(this.dataSource, pageTrashStatements.listTrashed(reader, limit, offset));
  }

  /** A trashed page of the company, locked for the rest of the transaction. */
  lockTrashed(manager: EntityManager, companyId: string, ref: PageRef): Promise<PageRecord | null> {
    return first(manager, pageTrashStatements.lockTrashed(companyId, ref));
  }

  markRestored(manager: EntityManager, pageId: string): Promise<void> {
    return run(manager, pageTrashStatements.markRestored(pageId));
  }
}
