/**
 * Every token kind carries a fixed, distinct prefix so that a leaked string is recognisable
 * and a resolver can tell the kinds apart before any lookup.
 */
export const TOKEN_PREFIXES = {
  apiKey: 'cwk_',
  oauthAccess: 'cwa_',
  oauthRefresh: 'cwr_',
  oauthClient: 'cwc_',
  session: 'cws_',
  shareLink: 'cwl_',
  signInLink: 'cwi_',
} as const;

export type TokenKind = keyof typeof TOKEN_PREFIXES;
