import { createHmac, timingSafeEqual } from 'node:crypto';

export const GITHUB_SIGNATURE_HEADER = 'x-hub-signature-256';

const SIGNATURE_SHAPE = /^sha256=([0-9a-f]{64})$/i;

/** Whether the header has the only form GitHub sends: `sha256=` and 64 hex digits. */
export function isSignatureShaped(header: string): boolean {
  return SIGNATURE_SHAPE.test(header);
}

/** `sha256=<hex>`: the HMAC-SHA256 of the exact body bytes with the webhook's secret. */
export function githubSignatureOf(secret: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Checks `X-Hub-Signature-256` over the raw bytes, in constant time. */
export function isValidGithubSignature(secret: string, body: Buffer, header: string): boolean {
  const match = SIGNATURE_SHAPE.exec(header);
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(match[1], 'hex'));
}
