/** The form of a registered client's id; anything else is unknown without a look-up. */
const CLIENT_ID = /^cwc_[A-Za-z0-9_-]{16,100}$/;

export function isClientId(value: unknown): value is string {
  return typeof value === 'string' && CLIENT_ID.test(value);
}
