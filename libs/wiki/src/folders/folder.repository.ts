import { Injectable } from '@nestjs/common';
import { all, camelColumns, type CamelRow, first } from '@cw/db';
import { type SelectQueryBuilder, sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import type { LaneRef } from '../lanes/lane-path';
import { type WikiFolders, type WikiTables, wikiDb } from '../wiki-schema';

export const FOLDER_COLUMNS = [
  'id',
  'lane',
  'lane_owner_id',
  'parent_id',
  'name',
  'path',
  'created_at',
] as const;

/** A folder as the statements of this repository read it. */
export type FolderRecord = CamelRow<WikiFolders, (typeof FOLDER_COLUMNS)[number]>;

/** The columns of a new folder that its writer chooses. */
export type NewFolderRow = CamelRow<
  WikiFolders,
  'company_id' | 'lane' | 'lane_owner_id' | 'parent_id' | 'name' | 'path' | 'created_by'
>;

export const folderColumns = camelColumns(FOLDER_COLUMNS.map((column) => `f.${column}` as const));

type FolderQuery<Row> = SelectQueryBuilder<WikiTables & { f: WikiFolders }, 'f', Row>;

/** The direct live subfolders of `parentId`, or of the lane root when it is null. */
function childrenOf<Row>(
  query: FolderQuery<Row>,
  companyId: string,
  lane: LaneRef,
  parentId: string | null,
): FolderQuery<Row> {
  const children = parentId
    ? query.where('f.parent_id', '=', parentId)
    : query
        .where('f.parent_id', 'is', null)
        .where('f.company_id', '=', companyId)
        .where('f.lane', '=', lane.lane)
        .where('f.lane_owner_id', 'is not distinct from', lane.ownerId);
  return children.where('f.deleted_at', 'is', null);
}

export const folderStatements = {
  insertUnlessTaken: (folder: NewFolderRow) =>
    wikiDb
      .insertInto('wiki.folders')
      .values({
        company_id: folder.companyId,
        lane: folder.lane,
        lane_owner_id: folder.laneOwnerId,
        parent_id: folder.parentId,
        name: folder.name,
        path: folder.path,
        created_by: folder.createdBy,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning(['id', 'path']),

  findChildId: (companyId: string, lane: LaneRef, parentId: string | null, name: string) =>
    wikiDb
      .selectFrom('wiki.folders')
      .select('id')
      .where('company_id', '=', companyId)
      .where('lane', '=', lane.lane)
      .where('lane_owner_id', 'is not distinct from', lane.ownerId)
      .where('parent_id', 'is not distinct from', parentId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])))
      .where('deleted_at', 'is', null),

  findByPath: (companyId: string, lane: LaneRef, path: string, lock: boolean) =>
    wikiDb
      .selectFrom('wiki.folders as f')
      .select(folderColumns)
      .where('f.company_id', '=', companyId)
      .where('f.lane', '=', lane.lane)
      .where('f.lane_owner_id', 'is not distinct from', lane.ownerId)
      .where((eb) => eb(eb.fn('lower', ['f.path']), '=', eb.fn('lower', [eb.val(path)])))
      .where('f.deleted_at', 'is', null)
      .$if(lock, (query) => query.forUpdate('f')),

  findById: (id: string) =>
    wikiDb.selectFrom('wiki.folders as f').select(folderColumns).where('f.id', '=', id),

  countChildren: (companyId: string, lane: LaneRef, parentId: string | null) =>
    childrenOf(
      wikiDb.selectFrom('wiki.folders as f').select(sql<string>`count(*)`.as('count')),
      companyId,
      lane,
      parentId,
    ),

  listChildren: (
    companyId: string,
    lane: LaneRef,
    parentId: string | null,
    limit: number,
    offset: number,
  ) =>
    childrenOf(
      wikiDb.selectFrom('wiki.folders as f').select(folderColumns),
      companyId,
      lane,
      parentId,
    )
      .orderBy((eb) => eb.fn('lower', ['f.name']))
      .orderBy('f.id')
      .limit(limit)
      .offset(offset),
};

/**
 * `wiki.folders` read and inserted. Its path triggers (migration 1763850000003) make an insert under a parent that
 * moves or disappears meanwhile follow it or fail with serialization_failure (see tree-retry.ts).
 */
@Injectable()
export class FolderRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts a folder; null when a live folder already has its path. */
  insertUnlessTaken(
    manager: EntityManager,
    folder: NewFolderRow,
  ): Promise<{ id: string; path: string } | null> {
    return first(manager, folderStatements.insertUnlessTaken(folder));
  }

  /** The id of the live folder named `name` (any case) under `parentId` (null: the lane root). */
  async findChildId(
    manager: EntityManager,
    companyId: string,
    lane: LaneRef,
    parentId: string | null,
    name: string,
  ): Promise<string | null> {
    const folder = await first(
      manager,
      folderStatements.findChildId(companyId, lane, parentId, name),
    );
    return folder?.id ?? null;
  }

  /** The live folder at `path` (any case); with `lock`, locked for the rest of the transaction. */
  findByPath(
    manager: EntityManager,
    companyId: string,
    lane: LaneRef,
    path: string,
    lock: boolean,
  ): Promise<FolderRecord | null> {
    return first(manager, folderStatements.findByPath(companyId, lane, path, lock));
  }

  findById(manager: EntityManager, id: string): Promise<FolderRecord | null> {
    return first(manager, folderStatements.findById(id));
  }

  /** How many live subfolders `parentId` (null: the lane root) has. */
  async countChildren(companyId: string, lane: LaneRef, parentId: string | null): Promise<number> {
    const row = await first(
      this.dataSource,
      folderStatements.countChildren(companyId, lane, parentId),
    );
    return Number(row?.count ?? 0);
  }

  /** The live subfolders of `parentId` (null: the lane root), by name. */
  listChildren(
    companyId: string,
    lane: LaneRef,
    parentId: string | null,
    limit: number,
    offset: number,
  ): Promise<FolderRecord[]> {
    return all(
      this.dataSource,
      folderStatements.listChildren(companyId, lane, parentId, limit, offset),
    );
  }
}
