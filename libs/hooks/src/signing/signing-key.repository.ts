import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SealedSecret } from './secret-box';

/** `hooks.signing_keys`: at most one key per hook. */
@Injectable()
export class SigningKeyRepository {
  /** Replaces the hook's key (if any) with a new one; answers the new key id. */
  async replace(manager: EntityManager, hookId: string, sealed: SealedSecret): Promise<string> {
    await manager.query(`DELETE FROM hooks.signing_keys WHERE hook_id = $1`, [hookId]);
    const [row]: { id: string }[] = await manager.query(
      `INSERT INTO hooks.signing_keys (hook_id, ciphertext, encryption_key_id)
       VALUES ($1, $2, $3) RETURNING id`,
      [hookId, sealed.ciphertext, sealed.encryptionKeyId],
    );
    return row.id;
  }

  async remove(manager: EntityManager, hookId: string): Promise<void> {
    await manager.query(`DELETE FROM hooks.signing_keys WHERE hook_id = $1`, [hookId]);
  }
}
