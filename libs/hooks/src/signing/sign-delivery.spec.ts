import { createHmac } from 'node:crypto';
import { deliveryHeaders, signatureOf } from './sign-delivery';

const identity = {
  deliveryId: '3f0b8c52-0d6e-4a43-9d0c-6a2b1f0e9a11',
  hookId: '9b2d7c1e-5a4f-4b8e-8c3d-2e1f0a9b8c7d',
};
const material = {
  keyId: 'c8a1e2f3-4b5d-4c6e-8f7a-9b0c1d2e3f40',
  secret: 'a'.repeat(32) + '0123456789abcdef0123456789abcdef',
};
const body = Buffer.from('{"id":"r","presentation":{"summary":"é ✓"}}', 'utf8');

describe('signing a delivery', () => {
  it('signs the prefix and the raw body with the hex secret used as UTF-8 text, in lowercase hex', () => {
    const expected = createHmac('sha256', material.secret)
      .update(`v1.1700000000.${identity.deliveryId}.${identity.hookId}.${material.keyId}.`)
      .update(body)
      .digest('hex');
    expect(signatureOf(identity, material, 1_700_000_000, body)).toBe(`v1=${expected}`);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
    // Not the hex-decoded bytes of the secret.
    const decoded = createHmac('sha256', Buffer.from(material.secret, 'hex'))
      .update(`v1.1700000000.${identity.deliveryId}.${identity.hookId}.${material.keyId}.`)
      .update(body)
      .digest('hex');
    expect(signatureOf(identity, material, 1_700_000_000, body)).not.toBe(`v1=${decoded}`);
  });

  it('sends five headers when signed and only the two ids for a legacy unsigned hook', () => {
    expect(Object.keys(deliveryHeaders(identity, material, 1_700_000_000, body))).toEqual([
      'X-Service-Delivery',
      'X-Service-Hook',
      'X-Service-Key-Id',
      'X-Service-Timestamp',
      'X-Service-Signature',
    ]);
    expect(deliveryHeaders(identity, null, 1_700_000_000, body)).toEqual({
      'X-Service-Delivery': identity.deliveryId,
      'X-Service-Hook': identity.hookId,
    });
  });
});
