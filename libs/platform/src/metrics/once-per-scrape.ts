/**
 * Shares one read between the gauges a single scrape collects together (they are collected in
 * parallel): calls made while a read is in flight get its result; the next scrape reads anew.
 */
export function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () =>
    (inFlight ??= read().finally(() => {
      inFlight = undefined;
    }));
}
