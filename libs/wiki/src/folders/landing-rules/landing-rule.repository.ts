import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type Reader, visiblePagesSql } from '../../access/visibility.sql';
import type { LaneKind } from '../../lanes/lane-path';

/** A live folder as a landing rule's writer checks it. */
export interface RuleFolderRecord {
  id: string;
  lane: LaneKind;
  lane_owner_id: string | null;
  path: string;
}

/** A landing rule with its live folder. */
export interface LandingRuleRecord {
  folder_id: string;
  folder_path: string;
  lane: LaneKind;
  lane_owner_id: string | null;
  title_pattern: string;
  updated_at: Date;
}

const RULE_COLUMNS = `r.folder_id, f.path AS folder_path, f.lane, f.lane_owner_id, r.title_pattern, r.updated_at`;

/**
 * The rules of live folders in the lanes `reader` sees: the lane rule of the one visibility
 * definition (access/visibility.sql.ts), applied to the folder's lane.
 */
function reachableRulesStatement(
  reader: Reader,
  folderId: string | null,
  limit: number,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const reachable = visiblePagesSql('reach', reader, params);
  params.push(folderId, limit);
  return {
    sql: `SELECT ${RULE_COLUMNS}
            FROM wiki.folder_landing_rules r
            JOIN wiki.folders f ON f.id = r.folder_id AND f.deleted_at IS NULL
           CROSS JOIN LATERAL (SELECT f.company_id, f.lane, f.lane_owner_id,
                                      NULL::timestamptz AS deleted_at) reach
           WHERE ${reachable} AND ($${params.length - 1}::uuid IS NULL OR r.folder_id = $${params.length - 1})
           ORDER BY f.path, r.folder_id
           LIMIT $${params.length}`,
    params,
  };
}

/** `wiki.folder_landing_rules`, and the folder rows its writes hang on. */
@Injectable()
export class LandingRuleRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The live folder of the company, share-locked for the rest of the transaction so that a
   * concurrent delete waits for the rule written under it (and then sees it).
   */
  async lockLiveFolder(
    manager: EntityManager,
    companyId: string,
    folderId: string,
  ): Promise<RuleFolderRecord | null> {
    const [row]: RuleFolderRecord[] = await manager.query(
      `SELECT f.id, f.lane, f.lane_owner_id, f.path FROM wiki.folders f
        WHERE f.id = $1 AND f.company_id = $2 AND f.deleted_at IS NULL FOR SHARE OF f`,
      [folderId, companyId],
    );
    return row ?? null;
  }

  /** Sets the folder's rule, replacing any; concurrent writers leave exactly one row. */
  async upsert(
    manager: EntityManager,
    rule: { folderId: string; companyId: string; titlePattern: string; setBy: string },
  ): Promise<{ title_pattern: string; updated_at: Date }> {
    const [row]: { title_pattern: string; updated_at: Date }[] = await manager.query(
      `INSERT INTO wiki.folder_landing_rules (folder_id, company_id, title_pattern, set_by)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (folder_id) DO UPDATE
             SET title_pattern = EXCLUDED.title_pattern, set_by = EXCLUDED.set_by, updated_at = now()
       RETURNING title_pattern, updated_at`,
      [rule.folderId, rule.companyId, rule.titlePattern, rule.setBy],
    );
    return row;
  }

  async delete(manager: EntityManager, folderId: string): Promise<void> {
    await manager.query(`DELETE FROM wiki.folder_landing_rules WHERE folder_id = $1`, [folderId]);
  }

  /** The rules of live folders in the lanes `reader` sees, by folder path, at most `limit`. */
  listReachable(reader: Reader, limit: number): Promise<LandingRuleRecord[]> {
    const { sql, params } = reachableRulesStatement(reader, null, limit);
    return this.dataSource.query(sql, params);
  }

  /** The rule of one live folder in `reader`'s lanes, read in the caller's transaction. */
  async findReachable(
    manager: EntityManager,
    reader: Reader,
    folderId: string,
  ): Promise<LandingRuleRecord | null> {
    const { sql, params } = reachableRulesStatement(reader, folderId, 1);
    const [row]: LandingRuleRecord[] = await manager.query(sql, params);
    return row ?? null;
  }
}
