/** The protected resources a token may be asked for (RFC 8707): the API itself and `/mcp`. */
export function protectedResourcesOf(base: string): string[] {
  return [base, `${base}/mcp`];
}
