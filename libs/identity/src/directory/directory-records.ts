import type { Company } from './entities/company.entity';
import type { Person } from './entities/person.entity';
import type { Team } from './entities/team.entity';

/** What the directory hands out: the fields callers show and key on, nothing more. */
export type CompanyRecord = Pick<Company, 'id' | 'name'>;
export type PersonRecord = Pick<Person, 'id' | 'email' | 'name'>;
export type TeamRecord = Pick<Team, 'id' | 'name'>;
