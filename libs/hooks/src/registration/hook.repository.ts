import { Injectable } from '@nestjs/common';
import { all, camelColumns, type CamelRow, first, run, type StatementRunner } from '@cw/db';
import { sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { type HookCredentialKind, type HookKind, hooksDb, type HooksHooks } from '../hooks-schema';
import type { HookOwner } from './hook-owner';

/** The columns of a hook record, as the migration names them. */
export const HOOK_COLUMNS = [
  'id',
  'kind',
  'company_id',
  'owner_id',
  'credential_kind',
  'credential_id',
  'target_url',
  'report_id',
  'workflow_id',
  'statuses',
  'signed',
  'state',
  'ended_reason',
  'created_at',
  'ended_at',
] as const;

/** A hook with the id of its signing key (null for a legacy unsigned hook or an ended one). */
export type HookRecord = CamelRow<HooksHooks, (typeof HOOK_COLUMNS)[number]> & {
  signingKeyId: string | null;
};

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

const hooksWithKey = () =>
  hooksDb
    .selectFrom('hooks.hooks as h')
    .leftJoin('hooks.signing_keys as k', 'k.hook_id', 'h.id')
    .select(camelColumns(HOOK_COLUMNS.map((column) => `h.${column}` as const)))
    .select('k.id as signingKeyId');

export const hookStatements = {
  /** The owner's hook-count lock, held until the transaction ends. */
  lockOwnerHooks: (hook: Pick<NewHook, 'companyId' | 'ownerId'>) =>
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`hooks:${hook.companyId}:${hook.ownerId}`}, 0))`,

  /** The owner's live hooks of `hook`'s kind (of its report, for a callback). */
  countLiveLike: (hook: NewHook) =>
    hooksDb
      .selectFrom('hooks.hooks')
      .select(sql<number>`count(*)::int`.as('live'))
      .where('owner_id', '=', hook.ownerId)
      .where('company_id', '=', hook.companyId)
      .where('kind', '=', hook.kind)
      .where('state', '=', sql.lit('live'))
      .$if(hook.reportId !== null, (query) => query.where('report_id', '=', hook.reportId)),

  insert: (hook: NewHook) =>
    hooksDb
      .insertInto('hooks.hooks')
      .values({
        kind: hook.kind,
        company_id: hook.companyId,
        owner_id: hook.ownerId,
        credential_kind: hook.credentialKind,
        credential_id: hook.credentialId,
        target_url: hook.targetUrl,
        report_id: hook.reportId,
        workflow_id: hook.workflowId,
        statuses: hook.statuses,
      })
      .returning(['id', 'created_at as createdAt']),

  findOwned: (owner: HookOwner, id: string, lock: boolean) =>
    hooksWithKey()
      .where('h.id', '=', id)
      .where('h.owner_id', '=', owner.personId)
      .where('h.company_id', '=', owner.companyId)
      .$if(lock, (query) => query.forUpdate('h')),

  listLiveOwned: (owner: HookOwner) =>
    hooksWithKey()
      .where('h.owner_id', '=', owner.personId)
      .where('h.company_id', '=', owner.companyId)
      .where('h.state', '=', sql.lit('live'))
      .orderBy('h.created_at')
      .orderBy('h.id'),

  markSigned: (id: string) =>
    hooksDb
      .updateTable('hooks.hooks')
      .set({ signed: sql.lit(true) })
      .where('id', '=', id),
};

/** `hooks.hooks` for registration and management: count, insert, read, sign. */
@Injectable()
export class HookRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Holds the owner's hook-count lock for the caller's transaction, then counts their live hooks
   * of `hook`'s kind (of its report, for a callback): parallel registrations see each other.
   */
  async lockAndCountLiveLike(manager: EntityManager, hook: NewHook): Promise<number> {
    await run(manager, hookStatements.lockOwnerHooks(hook));
    const row = await first(manager, hookStatements.countLiveLike(hook));
    return row?.live ?? 0;
  }

  async insert(manager: EntityManager, hook: NewHook): Promise<{ id: string; createdAt: Date }> {
    const [row] = await all(manager, hookStatements.insert(hook));
    return row;
  }

  /** The owner's hook (live or ended), optionally locked for the caller's transaction. */
  findOwned(
    runner: StatementRunner,
    owner: HookOwner,
    id: string,
    lock = false,
  ): Promise<HookRecord | null> {
    return first(runner, hookStatements.findOwned(owner, id, lock));
  }

  /** The owner's live hooks, oldest first. */
  listLiveOwned(owner: HookOwner): Promise<HookRecord[]> {
    return all(this.dataSource, hookStatements.listLiveOwned(owner));
  }

  /** A legacy hook becomes signed once it has a key: it never sends unsigned again. */
  markSigned(manager: EntityManager, id: string): Promise<void> {
    return run(manager, hookStatements.markSigned(id));
  }
}
