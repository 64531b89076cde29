import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface OAuthClientRecord {
  id: string;
  name: string;
  clientUri: string | null;
  redirectUris: string[];
  createdAt: Date;
}

interface ClientRow {
  id: string;
  client_name: string;
  client_uri: string | null;
  redirect_uris: string[];
  created_at: Date;
}

function toRecord(row: ClientRow): OAuthClientRecord {
  return {
    id: row.id,
    name: row.client_name,
    clientUri: row.client_uri,
    redirectUris: row.redirect_uris,
    createdAt: row.created_at,
  };
}

/** Registered public clients (RFC 7591): no secret, only their redirect URIs to trust. */
@Injectable()
export class OAuthClientRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(client: Omit<OAuthClientRecord, 'createdAt'>): Promise<OAuthClientRecord> {
    const [row]: ClientRow[] = await this.dataSource.query(
      `INSERT INTO identity.oauth_clients (id, client_name, client_uri, redirect_uris)
       VALUES ($1, $2, $3, $4)
       RETURNING id, client_name, client_uri, redirect_uris, created_at`,
      [client.id, client.name, client.clientUri, client.redirectUris],
    );
    return toRecord(row);
  }

  /**
   * Deletes up to `limit` clients registered over `unusedHours` ago that never signed anyone in
   * and have no authorization code in flight, oldest first; answers how many went. Rows another
   * transaction holds (a sign-in or code being stored for that client) are skipped.
   */
  async deleteUnused(unusedHours: number, limit: number): Promise<number> {
    const [, deleted]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM identity.oauth_clients WHERE id IN (
         SELECT c.id FROM identity.oauth_clients c
          WHERE c.first_authorized_at IS NULL
            AND c.created_at < now() - make_interval(hours => $1)
            AND NOT EXISTS (SELECT 1 FROM identity.oauth_authorization_codes k
                             WHERE k.client_id = c.id AND k.expires_at > now())
          ORDER BY c.created_at
          LIMIT $2
          FOR UPDATE SKIP LOCKED)`,
      [unusedHours, limit],
    );
    return deleted;
  }

  async findById(id: string): Promise<OAuthClientRecord | null> {
    const [row]: ClientRow[] = await this.dataSource.query(
      `SELECT id, client_name, client_uri, redirect_uris, created_at
         FROM identity.oauth_clients WHERE id = $1`,
      [id],
    );
    return row ? toRecord(row) : null;
  }
}
