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

  async findById(id: string): Promise<OAuthClientRecord | null> {
    const [row]: ClientRow[] = await this.dataSource.query(
      `SELECT id, client_name, client_uri, redirect_uris, created_at
         FROM identity.oauth_clients WHERE id = $1`,
      [id],
    );
    return row ? toRecord(row) : null;
  }
}
