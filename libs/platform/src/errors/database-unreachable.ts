/**
 * Failures that show the database was never reached, so no statement of the request ran and
 * nothing was written: the client may retry as it is (503 with Retry-After), unlike a failure
 * after a statement may have run (500, "a write may already have happened").
 */

/** Socket errors raised only while a connection is being opened. */
const CONNECT_ERRNOS = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * PostgreSQL refusing or ending a session as it shuts down, crashes or starts: `57P01`
 * admin_shutdown and `57P02` crash_shutdown abort the statement's transaction (a commit is not
 * interrupted once it writes), `57P03` cannot_connect_now refuses the connection.
 */
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);

/**
 * pg's own refusals before it sends anything: its connect timeout (`connectionTimeoutMillis`
 * while opening a connection), and a query on a connection it already knows is dead.
 */
const NOTHING_SENT = /connection terminated due to connection timeout|is not queryable/i;

interface ErrorFields {
  code?: unknown;
  message?: unknown;
  errors?: unknown;
  driverError?: ErrorFields;
}

function sentNothing(error: ErrorFields): boolean {
  return typeof error.message === 'string' && NOTHING_SENT.test(error.message);
}

function fieldsOf(error: unknown): ErrorFields {
  return typeof error === 'object' && error !== null ? error : {};
}

/**
 * A failure to open a connection surfaces as it is (the pool's `connect` rejects); a failure of
 * a statement comes wrapped by TypeORM, with the driver's error in `driverError`.
 */
function failedToConnect(error: ErrorFields): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (CONNECT_ERRNOS.has(code) || code.startsWith('08') || SHUTDOWN_STATES.has(code)) return true;
  if (sentNothing(error)) return true;
  // Connecting to a host name tries each of its addresses; all of them refused.
  return (
    Array.isArray(error.errors) &&
    error.errors.length > 0 &&
    error.errors.every((each) => failedToConnect(fieldsOf(each)))
  );
}

export function isDatabaseUnreachable(error: unknown): boolean {
  const fields = fieldsOf(error);
  const driverError = fields.driverError;
  if (driverError) {
    const code = driverError.code;
    return (typeof code === 'string' && SHUTDOWN_STATES.has(code)) || sentNothing(driverError);
  }
  return failedToConnect(fields);
}
