import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dynamic registration needs no credential, so clients that never sign anyone in would stay
 * forever. `first_authorized_at` is set by a client's first sign-in; the sweep deletes clients
 * without one past OAUTH_UNUSED_CLIENT_HOURS, oldest first, through the partial index. Deleting a
 * client cascades to its sign-ins and codes: their `client_id` indexes keep each cascade (and the
 * sweep's "no code in flight" check) an index probe instead of a scan per deleted client.
 * Clients that already have a sign-in or a code are marked as used, so none in use is swept.
 */
export class IdentityOAuthUnusedClients1763850000150 implements MigrationInterface {
  name = 'IdentityOAuthUnusedClients1763850000150';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE identity.oauth_clients ADD COLUMN first_authorized_at timestamptz`);
    await db.query(`
      UPDATE identity.oauth_clients c SET first_authorized_at = used.at
        FROM (SELECT client_id, min(created_at) AS at
                FROM (SELECT client_id, created_at FROM identity.oauth_sign_ins
                      UNION ALL
                      SELECT client_id, created_at FROM identity.oauth_authorization_codes) seen
               GROUP BY client_id) used
       WHERE used.client_id = c.id`);
    await db.query(
      `CREATE INDEX oauth_clients_unused_idx ON identity.oauth_clients (created_at) WHERE first_authorized_at IS NULL`,
    );
    await db.query(`CREATE INDEX oauth_sign_ins_client_idx ON identity.oauth_sign_ins (client_id)`);
    await db.query(
      `CREATE INDEX oauth_authorization_codes_client_idx ON identity.oauth_authorization_codes (client_id, expires_at)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX identity.oauth_authorization_codes_client_idx`);
    await db.query(`DROP INDEX identity.oauth_sign_ins_client_idx`);
    await db.query(`DROP INDEX identity.oauth_clients_unused_idx`);
    await db.query(`ALTER TABLE identity.oauth_clients DROP COLUMN first_authorized_at`);
  }
}
