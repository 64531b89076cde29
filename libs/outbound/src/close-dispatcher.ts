import { DeadlineExceeded, withinDeadline } from '@cw/platform';
import type { Dispatcher } from 'undici';

/**
 * Closes a dispatcher on shutdown: the requests in flight may finish within `graceMs` (each has
 * its own deadline), then whatever is left is destroyed. undici's close() alone can wait forever:
 * a connection that fails its TLS name check while the close is pending never settles it
 * (undici 7.30), and the service would hang in its shutdown.
 */
export async function closeDispatcher(dispatcher: Dispatcher, graceMs: number): Promise<void> {
  try {
    await withinDeadline(dispatcher.close(), graceMs);
  } catch (error) {
    if (!(error instanceof DeadlineExceeded)) throw error;
    await dispatcher.destroy();
  }
}
