import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { PersonRecord } from './directory-records';
import { Person } from './entities/person.entity';

export type PersonWithPassword = PersonRecord & Pick<Person, 'passwordHash'>;

@Injectable()
export class PersonRepository {
  constructor(@InjectRepository(Person) private readonly people: Repository<Person>) {}

  /** Creates the person unless one has the email in any case; concurrent callers converge. */
  async insertIfAbsent(manager: EntityManager, email: string, name: string): Promise<void> {
    await manager.query(
      `INSERT INTO identity.people (email, name) VALUES ($1, $2) ON CONFLICT ((lower(email))) DO NOTHING`,
      [email, name],
    );
  }

  findByEmail(manager: EntityManager, email: string): Promise<PersonRecord | null> {
    return manager
      .getRepository(Person)
      .createQueryBuilder('person')
      .select(['person.id', 'person.email', 'person.name'])
      .where('lower(person.email) = lower(:email)', { email })
      .getOne();
  }

  findById(id: string): Promise<PersonRecord | null> {
    return this.people.findOne({ select: { id: true, email: true, name: true }, where: { id } });
  }

  findWithPasswordByEmail(email: string): Promise<PersonWithPassword | null> {
    return this.people
      .createQueryBuilder('person')
      .select(['person.id', 'person.email', 'person.name', 'person.passwordHash'])
      .where('lower(person.email) = lower(:email)', { email })
      .getOne();
  }

  async setPasswordHash(personId: string, passwordHash: string): Promise<void> {
    await this.people.update({ id: personId }, { passwordHash });
  }

  /** Holds the person's row until the caller's transaction ends: their writes queue up. */
  async lockForWrite(manager: EntityManager, personId: string): Promise<void> {
    await manager.query(`SELECT 1 FROM identity.people WHERE id = $1 FOR UPDATE`, [personId]);
  }
}
