import { type IdentityTables, queryBuilder } from '@cw/db';

/**
 * Builds the statements of schema `identity` (its tables only; the types are generated from the
 * migrations, see libs/db/src/typed/generated/identity.ts). Run them with `all`/`first`/`run`.
 */
export const identityDb = queryBuilder<IdentityTables>();
