import {
  BulkIdentitySeeder,
  findLatestSeed,
  membershipKeys,
  seededCompanyIds,
  seededEmail,
  seededPerson,
  teamMembershipKeys,
} from '../src/testing';
import { createTestDatabase, type TestDatabase } from '@cw/testing';
import { Client } from 'pg';

describe('the bulk identity seed', () => {
  let database: TestDatabase;
  let client: Client;
  const seeder = new BulkIdentitySeeder({
    tag: 'idseed',
    companies: 2,
    peoplePerCompany: 3,
    teamsPerCompany: 2,
    names: { first: ['Ada', 'Grace'], last: ['Lovelace', 'Hopper'], teams: ['Platform'] },
  });
  const steps: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    await client.query('BEGIN');
    await seeder.insert(client, (name, work) => {
      steps.push(name);
      return work();
    });
    await client.query('COMMIT');
    await seeder.analyze(client);
  });

  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it('writes each table in one timed step', () => {
    expect(steps).toEqual(['companies', 'people', 'memberships', 'teams', 'team memberships']);
  });

  it('is found as the newest seed, with its companies', async () => {
    const companyIds = await seededCompanyIds(client, 'idseed');
    expect(companyIds).toHaveLength(2);
    const latest = await findLatestSeed(client);
    expect(latest?.tag).toBe('idseed');
    expect([...(latest?.companyIds ?? [])].sort()).toEqual([...companyIds].sort());
    expect(await seededCompanyIds(client, 'other')).toEqual([]);
  });

  it('answers a seeded person with their company and teams, in any case of the email', async () => {
    const person = await seededPerson(client, 'idseed', 2, 3);
    expect(person.email).toBe(seededEmail('idseed', 2, 3));
    // Person 3 is in one team, and (every third person) in a second one.
    expect(person.teamIds).toHaveLength(2);
    const companyIds = await seededCompanyIds(client, 'idseed');
    expect(companyIds).toContain(person.companyId);
    await expect(seededPerson(client, 'idseed', 3, 1)).rejects.toThrow('no seeded person');
  });

  it('keys every membership and team membership of its companies', async () => {
    const companyIds = await seededCompanyIds(client, 'idseed');
    const members = await membershipKeys(client, companyIds);
    expect(members.size).toBe(6);
    const person = await seededPerson(client, 'idseed', 1, 3);
    expect(members).toContain(`${person.companyId}|${person.personId}`);
    const teamMembers = await teamMembershipKeys(client, companyIds);
    // Everyone in one team, person 3 of each company in a second one.
    expect(teamMembers.size).toBe(8);
    for (const teamId of person.teamIds) {
      expect(teamMembers).toContain(`${person.companyId}|${teamId}|${person.personId}`);
    }
  });
});
