import {
  queryBuilder,
  type WikiComments,
  type WikiFiles,
  type WikiFolderLandingRules,
  type WikiFolders,
  type WikiPageMutations,
  type WikiPages,
  type WikiPageVersions,
  type WikiSearchTerms,
  type WikiShareLinks,
  type WikiTables,
} from '@cw/db';
import type { Selectable } from 'kysely';

/**
 * Builds the statements of schema `wiki` (its tables only; the types are generated from the
 * migrations, see libs/db/src/typed/generated/wiki.ts). Run them with `all`/`first`/`run`.
 */
export const wikiDb = queryBuilder<WikiTables>();

export type {
  WikiComments,
  WikiFiles,
  WikiFolderLandingRules,
  WikiFolders,
  WikiPageMutations,
  WikiPages,
  WikiPageVersions,
  WikiSearchTerms,
  WikiShareLinks,
  WikiTables,
};

/**
 * Columns of `Table` under the names the migration gives them: the rows of the hand-tuned
 * statements, whose texts select the columns unaliased.
 */
export type WikiRow<Table, Column extends keyof Selectable<Table>> = Pick<
  Selectable<Table>,
  Column
>;
