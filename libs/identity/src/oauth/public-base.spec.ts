import type { FastifyRequest } from 'fastify';
import { AppError } from '@cw/platform';
import { loadIdentityConfig } from '../identity.config';
import { AllowedHosts } from './allowed-hosts';
import { publicBaseOf } from './public-base';

function requestTo(host: string, protocol: 'http' | 'https' = 'http'): FastifyRequest {
  return { host, protocol } as FastifyRequest;
}

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error instanceof AppError
      ? { status: error.status, details: error.details }
      : String(error);
  }
  return 'not refused';
}

describe('allowed Host names come from the settings, never from the request', () => {
  it('allows the loopback names on any port, and nothing else by default', () => {
    const hosts = new AllowedHosts({});
    for (const host of ['localhost', 'LOCALHOST:3000', '127.0.0.1:41234', '[::1]', '[::1]:80']) {
      expect({ host, allowed: hosts.allows(host) }).toEqual({ host, allowed: true });
    }
    for (const host of ['evil.example.com', 'evil.example.com:3000', 'localhost.evil.com', '']) {
      expect({ host, allowed: hosts.allows(host) }).toEqual({ host, allowed: false });
    }
    expect(hosts.allows(undefined)).toBe(false);
  });

  it("allows OAUTH_ISSUER's host with its port, and listed hosts (any port unless one is given)", () => {
    const hosts = new AllowedHosts({
      publicBase: 'https://Wiki.Example.com/',
      listed: 'wiki.internal, api.example.com:8443',
    });
    expect(hosts.allows('wiki.example.com')).toBe(true);
    expect(hosts.allows('wiki.example.com:8080')).toBe(false);
    expect(hosts.allows('wiki.internal:3000')).toBe(true);
    expect(hosts.allows('api.example.com:8443')).toBe(true);
    expect(hosts.allows('api.example.com')).toBe(false);
    expect(hosts.allows('evil.example.com')).toBe(false);
  });

  it('refuses a malformed MCP_ALLOWED_HOSTS at start with one line', () => {
    expect(
      loadIdentityConfig({ MCP_ALLOWED_HOSTS: 'wiki.example.com, api.example.com:8443' }),
    ).toMatchObject({ MCP_ALLOWED_HOSTS: 'wiki.example.com, api.example.com:8443' });
    for (const value of ['https://wiki.example.com', 'wiki.example.com/path', 'a b', ',']) {
      expect(() => loadIdentityConfig({ MCP_ALLOWED_HOSTS: value })).toThrow(
        /^Invalid setting MCP_ALLOWED_HOSTS: MCP_ALLOWED_HOSTS must be comma-separated host names/,
      );
    }
  });
});

describe('publicBaseOf', () => {
  it('is OAUTH_ISSUER whatever the request says', () => {
    const config = loadIdentityConfig({ OAUTH_ISSUER: 'https://wiki.example.com/' });
    expect(publicBaseOf(requestTo('evil.example.com'), config)).toBe('https://wiki.example.com');
  });

  it("is the request's own address when its host is allowed", () => {
    const config = loadIdentityConfig({ MCP_ALLOWED_HOSTS: 'wiki.internal' });
    expect(publicBaseOf(requestTo('127.0.0.1:3000'), config)).toBe('http://127.0.0.1:3000');
    expect(publicBaseOf(requestTo('Wiki.Internal', 'https'), config)).toBe('https://wiki.internal');
  });

  it('refuses any other host with 403 host_not_allowed instead of naming it', () => {
    const config = loadIdentityConfig({});
    expect(refusal(() => publicBaseOf(requestTo('evil.example.com'), config))).toEqual({
      status: 403,
      details: { error: 'host_not_allowed' },
    });
  });
});
