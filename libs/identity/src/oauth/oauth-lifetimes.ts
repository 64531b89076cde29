/** 30 days: an access token's lifetime, restarting on each use. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

/** An authorization code is exchanged at once by its client, or never. */
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 60;
