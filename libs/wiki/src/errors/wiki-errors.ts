import { defineDomainErrors, type RefusalStatus } from '@cw/platform';

/** The wiki's own refusal codes and their HTTP statuses. Clients branch on them: never rename one. */
export const WIKI_ERROR_STATUS = {
  /** A live page already has the path a create, move, rename or restore would take. */
  PAGE_PATH_TAKEN: 409,
  /** A folder already exists where a folder move would put one. */
  FOLDER_PATH_TAKEN: 409,
  /** A folder still holds folders or pages. */
  FOLDER_NOT_EMPTY: 409,
  /** A caller-minted mutation id was already used for a different request. */
  MUTATION_ID_REUSED: 409,
  /** The page has as many live share links as allowed; revoke one first. */
  SHARE_LINK_LIMIT_REACHED: 409,
  /** The page holds as many files, or as many bytes of files, as allowed. */
  FILE_LIMIT_REACHED: 409,
  /** The person has posted as many comments on the page as allowed. */
  COMMENT_LIMIT_REACHED: 409,
} as const satisfies Record<string, RefusalStatus>;

export type WikiErrorCode = keyof typeof WIKI_ERROR_STATUS;

export const wikiError = defineDomainErrors<WikiErrorCode>(WIKI_ERROR_STATUS);
