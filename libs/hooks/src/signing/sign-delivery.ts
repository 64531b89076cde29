import { createHmac } from 'node:crypto';

export const DELIVERY_HEADER = 'X-Service-Delivery';
export const HOOK_HEADER = 'X-Service-Hook';
export const KEY_ID_HEADER = 'X-Service-Key-Id';
export const TIMESTAMP_HEADER = 'X-Service-Timestamp';
export const SIGNATURE_HEADER = 'X-Service-Signature';

export interface DeliveryIdentity {
  deliveryId: string;
  hookId: string;
}

export interface SigningMaterial {
  keyId: string;
  /** The 64 hex characters, used as a UTF-8 string (not hex-decoded). */
  secret: string;
}

/**
 * `v1=` and the lowercase HMAC-SHA256 hex of `v1.<timestamp>.<delivery>.<hook>.<key id>.`
 * followed by the raw body bytes, keyed by the secret's hex text.
 */
export function signatureOf(
  identity: DeliveryIdentity,
  material: SigningMaterial,
  timestamp: number,
  body: Buffer,
): string {
  const prefix = `v1.${timestamp}.${identity.deliveryId}.${identity.hookId}.${material.keyId}.`;
  const mac = createHmac('sha256', Buffer.from(material.secret, 'utf8'));
  mac.update(Buffer.from(prefix, 'utf8'));
  mac.update(body);
  return `v1=${mac.digest('hex')}`;
}

/**
 * The headers of one attempt: the five of a signed request, or only the delivery and hook ids
 * for a legacy unsigned hook (`material` null).
 */
export function deliveryHeaders(
  identity: DeliveryIdentity,
  material: SigningMaterial | null,
  timestamp: number,
  body: Buffer,
): Record<string, string> {
  const ids = { [DELIVERY_HEADER]: identity.deliveryId, [HOOK_HEADER]: identity.hookId };
  if (!material) return ids;
  return {
    ...ids,
    [KEY_ID_HEADER]: material.keyId,
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: signatureOf(identity, material, timestamp, body),
  };
}
