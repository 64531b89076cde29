import { ConfigError, loadConfig } from './load-config';
import { PlatformConfig } from './platform.config';
import { isListedAddress, parseProxyAddresses } from './proxy-addresses';

describe('parseProxyAddresses', () => {
  it('reads addresses, CIDR ranges and named ranges, IPv4-mapped IPv6 included', () => {
    const list = parseProxyAddresses(' 203.0.113.7, 10.1.0.0/16 ,2001:db8::/32,loopback');
    for (const address of [
      '203.0.113.7',
      '10.1.200.3',
      '2001:db8::1',
      '127.0.0.1',
      '::1',
      '::ffff:10.1.0.9',
    ]) {
      expect({ address, listed: isListedAddress(list, address) }).toEqual({
        address,
        listed: true,
      });
    }
    for (const address of ['203.0.113.8', '10.2.0.1', '192.168.1.1', 'not-an-ip', undefined]) {
      expect({ address, listed: isListedAddress(list, address) }).toEqual({
        address,
        listed: false,
      });
    }
  });

  it('lists nobody when empty', () => {
    expect(isListedAddress(parseProxyAddresses(''), '127.0.0.1')).toBe(false);
  });
});

describe('TRUSTED_PROXIES', () => {
  const valid = { DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://h:1' };

  it('defaults to nobody', () => {
    expect(loadConfig(PlatformConfig, valid).TRUSTED_PROXIES).toBe('');
  });

  it('stops with one line naming a bad entry', () => {
    expect(() =>
      loadConfig(PlatformConfig, { ...valid, TRUSTED_PROXIES: '10.0.0.0/8,proxy.local' }),
    ).toThrow(
      new ConfigError(
        'Invalid setting TRUSTED_PROXIES: TRUSTED_PROXIES must list IPs or CIDR ranges: "proxy.local" is not an address, a CIDR range or one of loopback, linklocal, uniquelocal.',
      ),
    );
    expect(() => loadConfig(PlatformConfig, { ...valid, TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(
      ConfigError,
    );
  });
});
