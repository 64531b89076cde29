import { Injectable } from '@nestjs/common';
import { groupBy } from '@cw/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { HookPrincipal } from '../access/hook-authority';
import type { Hook, HookCredentialKind, HookEndedReason, HookKind } from './entities/hook.entity';

/** A hook with the id of its signing key (null for a legacy unsigned hook or an ended one). */
export interface HookRecord extends Pick<
  Hook,
  | 'id'
  | 'kind'
  | 'companyId'
  | 'ownerId'
  | 'credentialKind'
  | 'credentialId'
  | 'targetUrl'
  | 'reportId'
  | 'workflowId'
  | 'statuses'
  | 'signed'
  | 'state'
  | 'endedReason'
  | 'createdAt'
  | 'endedAt'
> {
  signingKeyId: string | null;
}

export interface NewHook {
  kind: HookKind;
  companyId: string;
  ownerId: string;
  credentialKind: HookCredentialKind;
  credentialId: string;
  targetUrl: string;
  reportId: string | null;
  workflowId: string | null;
  statuses: string[] | null;
}

/** The person, in one company, whose hooks a route may see. */
export interface HookOwner {
  personId: string;
  companyId: string;
}

/** What a finished report is matched against. */
export interface FinishedReport {
  reportId: string;
  companyId: string;
  workflowId: string;
  status: string;
  /** Leaves out subscriptions registered after this (a report found late by the sweep). */
  subscribedBy?: Date;
}

const HOOK_COLUMNS = `h.id, h.kind, h.company_id AS "companyId", h.owner_id AS "ownerId",
  h.credential_kind AS "credentialKind", h.credential_id AS "credentialId",
  h.target_url AS "targetUrl", h.report_id AS "reportId", h.workflow_id AS "workflowId",
  h.statuses, h.signed, h.state, h.ended_reason AS "endedReason", h.created_at AS "createdAt",
  h.ended_at AS "endedAt", k.id AS "signingKeyId"`;

const HOOKS_WITH_KEY = `hooks.hooks h LEFT JOIN hooks.signing_keys k ON k.hook_id = h.id`;

/** `hooks.hooks`. */
@Injectable()
export class HookRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Holds the owner's hook-count lock for the caller's transaction, then counts their live hooks
   * of `hook`'s kind (of its report, for a callback): parallel registrations see each other.
   */
  async lockAndCountLiveLike(manager: EntityManager, hook: NewHook): Promise<number> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `hooks:${hook.companyId}:${hook.ownerId}`,
    ]);
    const [row]: { live: number }[] = await manager.query(
      `SELECT count(*)::int AS live FROM hooks.hooks
        WHERE owner_id = $1 AND company_id = $2 AND kind = $3 AND state = 'live'
          AND ($4::uuid IS NULL OR report_id = $4)`,
      [hook.ownerId, hook.companyId, hook.kind, hook.reportId],
    );
    return row.live;
  }

  async insert(manager: EntityManager, hook: NewHook): Promise<{ id: string; createdAt: Date }> {
    const [row]: { id: string; createdAt: Date }[] = await manager.query(
      `INSERT INTO hooks.hooks (kind, company_id, owner_id, credential_kind, credential_id,
                                target_url, report_id, workflow_id, statuses)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       RETURNING id, created_at AS "createdAt"`,
      [
        hook.kind,
        hook.companyId,
        hook.ownerId,
        hook.credentialKind,
        hook.credentialId,
        hook.targetUrl,
        hook.reportId,
        hook.workflowId,
        hook.statuses,
      ],
    );
    return row;
  }

  /** The owner's hook (live or ended), optionally locked for the caller's transaction. */
  async findOwned(
    manager: EntityManager,
    owner: HookOwner,
    id: string,
    lock = false,
  ): Promise<HookRecord | null> {
    const [row]: HookRecord[] = await manager.query(
      `SELECT ${HOOK_COLUMNS} FROM ${HOOKS_WITH_KEY}
        WHERE h.id = $1 AND h.owner_id = $2 AND h.company_id = $3
        ${lock ? 'FOR UPDATE OF h' : ''}`,
      [id, owner.personId, owner.companyId],
    );
    return row ?? null;
  }

  /** The owner's live hooks, oldest first. */
  listLiveOwned(owner: HookOwner): Promise<HookRecord[]> {
    return this.dataSource.query(
      `SELECT ${HOOK_COLUMNS} FROM ${HOOKS_WITH_KEY}
        WHERE h.owner_id = $1 AND h.company_id = $2 AND h.state = 'live'
        ORDER BY h.created_at, h.id`,
      [owner.personId, owner.companyId],
    );
  }

  /**
   * The live hooks each finished report goes to, by report id: callbacks registered on it, and
   * subscriptions of its company whose workflow and status filters let it through. One
   * statement for many reports.
   */
  async findMatching(reports: readonly FinishedReport[]): Promise<Map<string, HookRecord[]>> {
    const rows: (HookRecord & { matchedReportId: string })[] = await this.dataSource.query(
      `WITH finished AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::timestamptz[])
                    AS f (report_id, company_id, workflow_id, status, subscribed_by))
       SELECT f.report_id AS "matchedReportId", ${HOOK_COLUMNS}
         FROM finished f
         JOIN hooks.hooks h ON h.kind = 'callback' AND h.report_id = f.report_id
                           AND h.state = 'live'
         LEFT JOIN hooks.signing_keys k ON k.hook_id = h.id
       UNION ALL
       SELECT f.report_id, ${HOOK_COLUMNS}
         FROM finished f
         JOIN hooks.hooks h ON h.kind = 'subscription' AND h.state = 'live'
                           AND h.company_id = f.company_id
                           AND (h.workflow_id IS NULL OR h.workflow_id = f.workflow_id)
                           AND (h.statuses IS NULL OR f.status = ANY (h.statuses))
                           AND (f.subscribed_by IS NULL OR h.created_at <= f.subscribed_by)
         LEFT JOIN hooks.signing_keys k ON k.hook_id = h.id`,
      [
        reports.map((report) => report.reportId),
        reports.map((report) => report.companyId),
        reports.map((report) => report.workflowId),
        reports.map((report) => report.status),
        reports.map((report) => report.subscribedBy ?? null),
      ],
    );
    return groupBy(
      rows,
      (row) => row.matchedReportId,
      ({ matchedReportId: _reportId, ...hook }) => hook,
    );
  }

  /** The distinct credentials live hooks were registered with, of one credential or owner. */
  liveCredentials(
    filter: { credentialId: string } | { ownerId: string },
  ): Promise<(HookPrincipal & { hookIds: string[] })[]> {
    const [column, value] =
      'credentialId' in filter
        ? ['credential_id', filter.credentialId]
        : ['owner_id', filter.ownerId];
    return this.dataSource.query(
      `SELECT owner_id AS "ownerId", company_id AS "companyId",
              credential_kind AS "credentialKind", credential_id AS "credentialId",
              array_agg(id) AS "hookIds"
         FROM hooks.hooks WHERE ${column} = $1 AND state = 'live'
        GROUP BY owner_id, company_id, credential_kind, credential_id`,
      [value],
    );
  }

  /**
   * Ends a live hook; false when it had already ended. A permanent reason also replaces
   * `undeliverable` (which a replay could reopen): a deleted callback stays deleted.
   */
  async end(manager: EntityManager, id: string, reason: HookEndedReason): Promise<boolean> {
    const [rows]: [{ id: string }[], number] = await manager.query(
      `UPDATE hooks.hooks SET state = 'ended', ended_reason = $2, ended_at = now()
        WHERE id = $1
          AND (state = 'live' OR (ended_reason = 'undeliverable' AND $2 <> 'undeliverable'))
        RETURNING id`,
      [id, reason],
    );
    return rows.length > 0;
  }

  /** A callback ended as undeliverable is live again (a replay reopens it). */
  async reopenUndeliverable(manager: EntityManager, id: string): Promise<void> {
    await manager.query(
      `UPDATE hooks.hooks SET state = 'live', ended_reason = NULL, ended_at = NULL
        WHERE id = $1 AND state = 'ended' AND ended_reason = 'undeliverable'`,
      [id],
    );
  }

  /** A legacy hook becomes signed once it has a key: it never sends unsigned again. */
  async markSigned(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`UPDATE hooks.hooks SET signed = true WHERE id = $1`, [id]);
  }
}
