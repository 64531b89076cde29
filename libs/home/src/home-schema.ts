import { type HomeDismissedChips, type HomeTables, queryBuilder } from '@cw/db';

/**
 * Builds the statements of schema `home` (its tables only; the types are generated from the
 * migrations, see libs/db/src/typed/generated/home.ts). Run them with `all`/`first`/`run`.
 */
export const homeDb = queryBuilder<HomeTables>();

export type { HomeDismissedChips };
