import { IdentitySchema1763850000000 } from './1763850000000-identity-schema';
import { Outbox1763850000001 } from './1763850000001-outbox';
import { WikiSchema1763850000002 } from './1763850000002-wiki-schema';

/** The one ordered migration stream. Append only; never edit a migration that has shipped. */
export const MIGRATIONS = [
  IdentitySchema1763850000000,
  Outbox1763850000001,
  WikiSchema1763850000002,
];
