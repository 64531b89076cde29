import type { CamelRow } from '@cw/db';
import type { IdentityCompanies, IdentityPeople, IdentityTeams } from '../identity-schema';

/** What the directory hands out: the fields callers show and key on, nothing more. */
export type CompanyRecord = CamelRow<IdentityCompanies, 'id' | 'name'>;
export type PersonRecord = CamelRow<IdentityPeople, 'id' | 'email' | 'name'>;
export type TeamRecord = CamelRow<IdentityTeams, 'id' | 'name'>;
