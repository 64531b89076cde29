import { call, type TestApp } from '@cw/testing';
import { startAuthTestApp } from './auth-test-app';

jest.setTimeout(60_000);

const LIMIT = 4;

interface OAuthAnswer {
  client_id?: string;
  error?: string;
  error_description?: string;
}

describe('OAuth client registrations a minute per client address (real PostgreSQL and Redis)', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startAuthTestApp({ env: { OAUTH_REGISTRATIONS_PER_MINUTE: String(LIMIT) } });
  });
  afterAll(() => server.close());

  const register = (clientIp: string, redirect = 'https://client.example/cb') =>
    call<OAuthAnswer>(server.baseUrl, 'POST', '/api/oauth/register', {
      headers: { 'x-forwarded-for': clientIp },
      body: { redirect_uris: [redirect], client_name: 'Loop' },
    });

  it('admits exactly OAUTH_REGISTRATIONS_PER_MINUTE of many parallel registrations from one address; the rest 429 in the OAuth format with Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => register('203.0.113.7')));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(LIMIT);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(12 - LIMIT);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body).toEqual({
        error: 'invalid_request',
        error_description: expect.stringContaining(`at most ${LIMIT} a minute`) as string,
      });
      expect(answer.body.client_id).toBeUndefined();
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    // A refused body counts as well, and another address has a budget of its own.
    expect((await register('203.0.113.7', 'javascript:alert(1)')).status).toBe(429);
    expect((await register('198.51.100.9')).status).toBe(201);
  });
});
