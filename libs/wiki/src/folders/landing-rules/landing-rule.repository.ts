import { Injectable } from '@nestjs/common';
import { all, camelColumns, type CamelRow, first, run } from '@cw/db';
import { sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { type Reader, visiblePages } from '../../access/visibility.sql';
import { type WikiFolderLandingRules, type WikiFolders, wikiDb } from '../../wiki-schema';

/** A live folder as a landing rule's writer checks it. */
export type RuleFolderRecord = CamelRow<WikiFolders, 'id' | 'lane' | 'lane_owner_id' | 'path'>;

/** A landing rule with its live folder. */
export type LandingRuleRecord = CamelRow<
  WikiFolderLandingRules,
  'folder_id' | 'title_pattern' | 'updated_at'
> &
  CamelRow<WikiFolders, 'lane' | 'lane_owner_id'> & { folderPath: WikiFolders['path'] };

/**
 * The rules of live folders in the lanes `reader` sees: the lane rule of the one visibility
 * definition (access/visibility.sql.ts), applied to the folder's lane through a lateral row that
 * stands for a live page of that lane. Kept as SQL for that row.
 */
const reachableRules = (reader: Reader, folderId: string | null, limit: number) =>
  sql<LandingRuleRecord>`SELECT r.folder_id AS "folderId", f.path AS "folderPath", f.lane,
                f.lane_owner_id AS "laneOwnerId", r.title_pattern AS "titlePattern",
                r.updated_at AS "updatedAt"
           FROM wiki.folder_landing_rules r
           JOIN wiki.folders f ON f.id = r.folder_id AND f.deleted_at IS NULL
          CROSS JOIN LATERAL (SELECT f.company_id, f.lane, f.lane_owner_id,
                                     NULL::timestamptz AS deleted_at) reach
          WHERE ${visiblePages('reach', reader)} AND (${folderId}::uuid IS NULL OR r.folder_id = ${folderId})
          ORDER BY f.path, r.folder_id
          LIMIT ${limit}`;

export const landingRuleStatements = {
  /** Share-locked, so that a concurrent delete waits for the rule written under it. */
  lockLiveFolder: (companyId: string, folderId: string) =>
    wikiDb
      .selectFrom('wiki.folders as f')
      .select(camelColumns(['f.id', 'f.lane', 'f.lane_owner_id', 'f.path']))
      .where('f.id', '=', folderId)
      .where('f.company_id', '=', companyId)
      .where('f.deleted_at', 'is', null)
      .forShare('f'),

  upsert: (rule: { folderId: string; companyId: string; titlePattern: string; setBy: string }) =>
    wikiDb
      .insertInto('wiki.folder_landing_rules')
      .values({
        folder_id: rule.folderId,
        company_id: rule.companyId,
        title_pattern: rule.titlePattern,
        set_by: rule.setBy,
      })
      .onConflict((conflict) =>
        conflict.column('folder_id').doUpdateSet((eb) => ({
          title_pattern: eb.ref('excluded.title_pattern'),
          set_by: eb.ref('excluded.set_by'),
          updated_at: sql`now()`,
        })),
      )
      .returning(camelColumns(['title_pattern', 'updated_at'])),

  delete: (folderId: string) =>
    wikiDb.deleteFrom('wiki.folder_landing_rules').where('folder_id', '=', folderId),

  listReachable: (reader: Reader, limit: number) => reachableRules(reader, null, limit),

  findReachable: (reader: Reader, folderId: string) => reachableRules(reader, folderId, 1),
};

/** `wiki.folder_landing_rules`, and the folder rows its writes hang on. */
@Injectable()
export class LandingRuleRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The live folder of the company, share-locked for the rest of the transaction so that a
   * concurrent delete waits for the rule written under it (and then sees it).
   */
  lockLiveFolder(
    manager: EntityManager,
    companyId: string,
    folderId: string,
  ): Promise<RuleFolderRecord | null> {
    return first(manager, landingRuleStatements.lockLiveFolder(companyId, folderId));
  }

  /** Sets the folder's rule, replacing any; concurrent writers leave exactly one row. */
  async upsert(
    manager: EntityManager,
    rule: { folderId: string; companyId: string; titlePattern: string; setBy: string },
  ): Promise<Pick<LandingRuleRecord, 'titlePattern' | 'updatedAt'>> {
    const [row] = await all(manager, landingRuleStatements.upsert(rule));
    return row;
  }

  delete(manager: EntityManager, folderId: string): Promise<void> {
    return run(manager, landingRuleStatements.delete(folderId));
  }

  /** The rules of live folders in the lanes `reader` sees, by folder path, at most `limit`. */
  listReachable(reader: Reader, limit: number): Promise<LandingRuleRecord[]> {
    return all(this.dataSource, landingRuleStatements.listReachable(reader, limit));
  }

  /** The rule of one live folder in `reader`'s lanes, read in the caller's transaction. */
  findReachable(
    manager: EntityManager,
    reader: Reader,
    folderId: string,
  ): Promise<LandingRuleRecord | null> {
    return first(manager, landingRuleStatements.findReachable(reader, folderId));
  }
}
