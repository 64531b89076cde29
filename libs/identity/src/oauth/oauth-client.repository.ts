import { Injectable } from '@nestjs/common';
import { all, camelColumns, type CamelRow, first } from '@cw/db';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { identityDb, type IdentityOauthClients } from '../identity-schema';

/** The columns of a client record, as the migration names them. */
const CLIENT_COLUMNS = ['id', 'client_name', 'client_uri', 'redirect_uris', 'created_at'] as const;

export type OAuthClientRecord = CamelRow<IdentityOauthClients, (typeof CLIENT_COLUMNS)[number]>;

export type NewOAuthClient = Omit<OAuthClientRecord, 'createdAt'>;

export const oauthClientStatements = {
  insert: (client: NewOAuthClient) =>
    identityDb
      .insertInto('identity.oauth_clients')
      .values({
        id: client.id,
        client_name: client.clientName,
        client_uri: client.clientUri,
        redirect_uris: client.redirectUris,
      })
      .returning(camelColumns(CLIENT_COLUMNS)),

  /**
   * Never-used clients registered over `unusedHours` ago with no live code, oldest first, up to
   * `limit`; rows another transaction holds are skipped (SKIP LOCKED), not waited for.
   */
  deleteUnused: (unusedHours: number, limit: number) =>
    identityDb
      .deleteFrom('identity.oauth_clients')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('identity.oauth_clients as c')
          .select('c.id')
          .where('c.first_authorized_at', 'is', null)
          .where('c.created_at', '<', sql<Date>`now() - make_interval(hours => ${unusedHours})`)
          .where((codes) =>
            codes.not(
              codes.exists(
                codes
                  .selectFrom('identity.oauth_authorization_codes as k')
                  .select(sql.lit(1).as('one'))
                  .whereRef('k.client_id', '=', 'c.id')
                  .where('k.expires_at', '>', sql<Date>`now()`),
              ),
            ),
          )
          .orderBy('c.created_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returning('id'),

  findById: (id: string) =>
    identityDb
      .selectFrom('identity.oauth_clients')
      .select(camelColumns(CLIENT_COLUMNS))
      .where('id', '=', id),
};

/** Registered public clients (RFC 7591): no secret, only their redirect URIs to trust. */
@Injectable()
export class OAuthClientRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(client: NewOAuthClient): Promise<OAuthClientRecord> {
    const [row] = await all(this.dataSource, oauthClientStatements.insert(client));
    return row;
  }

  /**
   * Deletes up to `limit` clients registered over `unusedHours` ago that never signed anyone in
   * and have no authorization code in flight, oldest first; answers how many went. Rows another
   * transaction holds (a sign-in or code being stored for that client) are skipped.
   */
  async deleteUnused(unusedHours: number, limit: number): Promise<number> {
    const gone = await all(this.dataSource, oauthClientStatements.deleteUnused(unusedHours, limit));
    return gone.length;
  }

  findById(id: string): Promise<OAuthClientRecord | null> {
    return first(this.dataSource, oauthClientStatements.findById(id));
  }
}
