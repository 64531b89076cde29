/** The longest page body a write takes, in characters. */
export const MAX_MARKDOWN = 1_000_000;

/** A page title's length. */
export const PAGE_TITLE = { minLength: 1, maxLength: 300 };
