import { Injectable } from '@nestjs/common';
import { all } from '@cw/db';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { type HookCredentialKind, type HookKind, hooksDb, type HookState } from '../hooks-schema';
import { type AttemptRef, attemptKey, stillPending } from './delivery-records';

/** One attempt to make: the delivery, its hook and the hook's sealed key. */
export interface AttemptRecord {
  deliveryId: string;
  reportId: string;
  attemptNumber: number;
  roundAttempts: number;
  hook: {
    id: string;
    kind: HookKind;
    companyId: string;
    ownerId: string;
    credentialKind: HookCredentialKind;
    credentialId: string;
    targetUrl: string;
    signed: boolean;
    state: HookState;
  };
  key: { id: string; ciphertext: Buffer; encryptionKeyId: string } | null;
}

export const deliveryAttemptStatements = {
  /** Prepared (`{ prepared: true }`): planned once per connection; its text never changes. */
  pendingAttemptsOfIds: (deliveryIds: readonly string[]) =>
    hooksDb
      .selectFrom('hooks.deliveries as d')
      .innerJoin('hooks.hooks as h', 'h.id', 'd.hook_id')
      .leftJoin('hooks.signing_keys as k', 'k.hook_id', 'h.id')
      .select([
        'd.id as deliveryId',
        'd.report_id as reportId',
        'd.attempt_number as attemptNumber',
        'd.round_attempts as roundAttempts',
        'h.id as hookId',
        'h.kind',
        'h.company_id as companyId',
        'h.owner_id as ownerId',
        'h.credential_kind as credentialKind',
        'h.credential_id as credentialId',
        'h.target_url as targetUrl',
        'h.signed',
        'h.state as hookState',
        'k.id as keyId',
        'k.ciphertext',
        'k.encryption_key_id as encryptionKeyId',
      ])
      .where(sql<boolean>`d.id = ANY(${deliveryIds}::uuid[])`)
      .where(stillPending('d.state')),

  /**
   * Hand-written: many attempts recorded as delivered in one statement, each fenced on its own
   * attempt number (the builder cannot join a list of tuples in an UPDATE).
   */
};

/** `hooks.deliveries` as attempts start: the pending attempts, with their hooks and keys. */
@Injectable()
export class DeliveryAttemptRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The attempts among `wanted` whose delivery is still pending and still waits for that attempt
   * number, by `attemptKey`: one statement for many.
   */
  async findAttempts(wanted: readonly AttemptRef[]): Promise<Map<string, AttemptRecord>> {
    // Rows by id alone and the attempt numbers compared here: joining the wanted pairs in SQL
    // took the statement twice as long to plan and to run (docs/benchmarks.md, "Hot statements go
    // by key, whatever the statistics say").
    const wantedKeys = new Set(wanted.map(attemptKey));
    const ids = wanted.map((each) => each.deliveryId);
    const rows = await all(this.dataSource, deliveryAttemptStatements.pendingAttemptsOfIds(ids), {
      prepared: true,
    });
    const found = new Map<string, AttemptRecord>();
    for (const row of rows) {
      const key = attemptKey(row);
      if (!wantedKeys.has(key)) continue;
      found.set(key, {
        deliveryId: row.deliveryId,
        reportId: row.reportId,
        attemptNumber: row.attemptNumber,
        roundAttempts: row.roundAttempts,
        hook: {
          id: row.hookId,
          kind: row.kind,
          companyId: row.companyId,
          ownerId: row.ownerId,
          credentialKind: row.credentialKind,
          credentialId: row.credentialId,
          targetUrl: row.targetUrl,
          signed: row.signed,
          state: row.hookState,
        },
        key:
          row.keyId && row.ciphertext && row.encryptionKeyId
            ? { id: row.keyId, ciphertext: row.ciphertext, encryptionKeyId: row.encryptionKeyId }
            : null,
      });
    }
    return found;
  }
}
