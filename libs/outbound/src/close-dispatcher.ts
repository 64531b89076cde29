import type { Dispatcher } from 'undici';

/**
 * Closes a dispatcher on shutdown: the requests in flight may finish within `graceMs` (each has
 * its own deadline), then whatever is left is destroyed. undici's close() alone can wait forever:
 * a connection that fails its TLS name check while the close is pending never settles it
 * (undici 7.30), and the service would hang in its shutdown.
 */
export async function closeDispatcher(dispatcher: Dispatcher, graceMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), graceMs);
  });
  const closed = await Promise.race([dispatcher.close().then(() => true), gaveUp]).finally(() =>
    clearTimeout(timer),
  );
  if (!closed) await dispatcher.destroy();
}
