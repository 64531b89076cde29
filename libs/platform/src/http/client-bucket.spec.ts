import { clientBucketOf } from './client-bucket';

describe('clientBucketOf', () => {
  it('keeps an IPv4 address, also when written IPv4-mapped', () => {
    expect(clientBucketOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientBucketOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientBucketOf('::FFFF:10.0.0.1')).toBe('10.0.0.1');
  });

  it('buckets IPv6 by its /64, however the address is written', () => {
    const bucket = '2001:db8:0:1::/64';
    expect(clientBucketOf('2001:db8:0:1::1')).toBe(bucket);
    expect(clientBucketOf('2001:0DB8:0000:0001:ffff:ffff:ffff:ffff')).toBe(bucket);
    expect(clientBucketOf('2001:db8::1:0:0:0:5')).toBe(bucket);
    expect(clientBucketOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientBucketOf('::1')).toBe('0:0:0:0::/64');
    expect(clientBucketOf('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(clientBucketOf('2001:db8:0:2::1')).not.toBe(bucket);
  });

  it('puts anything unreadable in one shared bucket', () => {
    expect(clientBucketOf(undefined)).toBe('unknown');
    expect(clientBucketOf('not an address')).toBe('unknown');
  });
});
