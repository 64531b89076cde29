import type { FastifyRequest } from 'fastify';
import { errorFormatOf, oauthErrorCodeOf, takesErrorFormat } from './error-formats';

const requestWith = (config: Record<string, unknown>) =>
  ({ routeOptions: { config } }) as unknown as FastifyRequest;

describe('error formats', () => {
  it('reads the format a route declares, and nothing else', () => {
    expect(errorFormatOf(requestWith({ errorFormat: 'oauth' }))).toBe('oauth');
    expect(errorFormatOf(requestWith({ errorFormat: 'html_page' }))).toBe('html_page');
    expect(errorFormatOf(requestWith({ errorFormat: 'xml' }))).toBeUndefined();
    expect(errorFormatOf(requestWith({}))).toBeUndefined();
  });

  it('answers every error of an OAuth endpoint in its format, a page only its refusals', () => {
    expect([400, 401, 413, 415, 500, 503].every((s) => takesErrorFormat('oauth', s))).toBe(true);
    expect([400, 401, 403].every((s) => takesErrorFormat('html_page', s))).toBe(true);
    expect([404, 500, 503].some((s) => takesErrorFormat('html_page', s))).toBe(false);
  });

  it('names the OAuth error code of a platform status', () => {
    expect([400, 401, 413, 500, 503].map(oauthErrorCodeOf)).toEqual([
      'invalid_request',
      'invalid_client',
      'invalid_request',
      'server_error',
      'temporarily_unavailable',
    ]);
  });
});
