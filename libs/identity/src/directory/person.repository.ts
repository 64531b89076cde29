import { Injectable } from '@nestjs/common';
import { type CamelRow, first, run } from '@cw/db';
import { sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { identityDb, type IdentityPeople } from '../identity-schema';
import type { PersonRecord } from './directory-records';

export type PersonWithPassword = CamelRow<
  IdentityPeople,
  'id' | 'email' | 'name' | 'password_hash'
>;

/** By email in any case, through the unique index on lower(email). */
const byEmail = (email: string) =>
  identityDb
    .selectFrom('identity.people')
    .select(['id', 'email', 'name'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])));

export const personStatements = {
  insertIfAbsent: (email: string, name: string) =>
    identityDb
      .insertInto('identity.people')
      .values({ email, name })
      .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing()),

  findByEmail: (email: string) => byEmail(email),

  findById: (id: string) =>
    identityDb.selectFrom('identity.people').select(['id', 'email', 'name']).where('id', '=', id),

  findWithPasswordByEmail: (email: string) =>
    byEmail(email).select('password_hash as passwordHash'),

  setPasswordHash: (personId: string, passwordHash: string) =>
    identityDb
      .updateTable('identity.people')
      .set({ password_hash: passwordHash })
      .where('id', '=', personId),

  lockForWrite: (personId: string) =>
    identityDb
      .selectFrom('identity.people')
      .select(sql.lit(1).as('one'))
      .where('id', '=', personId)
      .forUpdate(),
};

@Injectable()
export class PersonRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Creates the person unless one has the email in any case; concurrent callers converge. */
  insertIfAbsent(manager: EntityManager, email: string, name: string): Promise<void> {
    return run(manager, personStatements.insertIfAbsent(email, name));
  }

  findByEmail(manager: EntityManager, email: string): Promise<PersonRecord | null> {
    return first(manager, personStatements.findByEmail(email));
  }

  findById(id: string): Promise<PersonRecord | null> {
    return first(this.dataSource, personStatements.findById(id));
  }

  findWithPasswordByEmail(email: string): Promise<PersonWithPassword | null> {
    return first(this.dataSource, personStatements.findWithPasswordByEmail(email));
  }

  setPasswordHash(personId: string, passwordHash: string): Promise<void> {
    return run(this.dataSource, personStatements.setPasswordHash(personId, passwordHash));
  }

  /** Holds the person's row until the caller's transaction ends: their writes queue up. */
  lockForWrite(manager: EntityManager, personId: string): Promise<void> {
    return run(manager, personStatements.lockForWrite(personId));
  }
}
