export type UrlRedaction = (url: string) => string;

let redaction: UrlRedaction = (url) => url;

/**
 * How traced URLs lose their credentials (share tokens, webhook-trigger tokens): the platform
 * sets the same rule as its logs when the app is created, after tracing started.
 */
export function redactTracedUrls(redact: UrlRedaction): void {
  redaction = redact;
}

export function redactedUrl(url: string): string {
  return redaction(url);
}
