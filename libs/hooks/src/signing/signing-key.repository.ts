import { Injectable } from '@nestjs/common';
import { all, run } from '@cw/db';
import type { EntityManager } from 'typeorm';
import { hooksDb } from '../hooks-schema';
import type { SealedSecret } from './secret-box';

export const signingKeyStatements = {
  removeOfHook: (hookId: string) =>
    hooksDb.deleteFrom('hooks.signing_keys').where('hook_id', '=', hookId),

  insert: (hookId: string, sealed: SealedSecret) =>
    hooksDb
      .insertInto('hooks.signing_keys')
      .values({
        hook_id: hookId,
        ciphertext: sealed.ciphertext,
        encryption_key_id: sealed.encryptionKeyId,
      })
      .returning('id'),
};

/** `hooks.signing_keys`: at most one key per hook. */
@Injectable()
export class SigningKeyRepository {
  /** Replaces the hook's key (if any) with a new one; answers the new key id. */
  async replace(manager: EntityManager, hookId: string, sealed: SealedSecret): Promise<string> {
    await run(manager, signingKeyStatements.removeOfHook(hookId));
    const [row] = await all(manager, signingKeyStatements.insert(hookId, sealed));
    return row.id;
  }

  remove(manager: EntityManager, hookId: string): Promise<void> {
    return run(manager, signingKeyStatements.removeOfHook(hookId));
  }
}
