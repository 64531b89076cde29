import { ConfigError } from '../config/load-config';
import { SERVICES, serviceUrl } from './service-directory';

const wiki = SERVICES.find((service) => service.name === 'wiki-service')!;

describe('serviceUrl', () => {
  it("is the service's default port on this host when its variable is unset", () => {
    expect(serviceUrl(wiki, {})).toBe('http://127.0.0.1:3101');
  });

  it('takes the configured URL without a trailing slash', () => {
    expect(serviceUrl(wiki, { WIKI_SERVICE_URL: 'http://wiki-service:3101/' })).toBe(
      'http://wiki-service:3101',
    );
  });

  it('stops with one clear line on a URL the gateway could not call', () => {
    expect(() => serviceUrl(wiki, { WIKI_SERVICE_URL: 'wiki-service:3101' })).toThrow(
      new ConfigError(
        'Invalid setting WIKI_SERVICE_URL: WIKI_SERVICE_URL must be an http:// or https:// URL.',
      ),
    );
  });
});
