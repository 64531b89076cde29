import Fastify, { type FastifyInstance } from 'fastify';
import { allowBrowserOrigins } from './browser-access';

const ALLOWED = 'https://agents.example.test';

function preflight(path: string, origin: string, method = 'POST') {
  return {
    method: 'OPTIONS' as const,
    url: path,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
    },
  };
}

describe('CORS for browser-based MCP clients at the edge', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    allowBrowserOrigins(app, new Set([ALLOWED]));
    app.post('/mcp', async (_request, reply) =>
      reply.status(401).header('WWW-Authenticate', 'Bearer realm="x"').send({ ok: false }),
    );
    app.get('/.well-known/oauth-authorization-server', async () => ({ issuer: 'x' }));
    app.post('/api/oauth/token', async () => ({ access_token: 'x' }));
    app.get('/api/oauth/authorize', async () => 'consent page');
    await app.ready();
  });

  afterAll(() => app.close());

  it.each(['/mcp', '/api/oauth/register', '/api/oauth/token', '/api/oauth/revoke'])(
    'answers a preflight on %s from a listed origin with 204 and the grant',
    async (path) => {
      const answer = await app.inject(preflight(path, ALLOWED));
      expect(answer.statusCode).toBe(204);
      expect(answer.headers).toMatchObject({
        'access-control-allow-origin': ALLOWED,
        'access-control-allow-methods': expect.stringContaining('POST'),
        'access-control-allow-headers': expect.stringMatching(
          /Authorization.*Content-Type.*Mcp-Protocol-Version/,
        ),
        'access-control-max-age': '600',
        vary: 'Origin',
      });
    },
  );

  it('grants the OAuth metadata to any origin', async () => {
    const answer = await app.inject(
      preflight('/.well-known/oauth-protected-resource/mcp', 'https://other.example', 'GET'),
    );
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    const document = await app.inject({
      url: '/.well-known/oauth-authorization-server',
      headers: { origin: 'https://other.example' },
    });
    expect(document.headers['access-control-allow-origin']).toBe('*');
  });

  it('gives an origin that is not listed no grant, on the preflight or the answer', async () => {
    const answer = await app.inject(preflight('/mcp', 'http://evil.example.com'));
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-methods']).toBeUndefined();
    const post = await app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { origin: 'http://evil.example.com' },
    });
    expect(post.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("lets a listed origin read the actual answer's challenge", async () => {
    const answer = await app.inject({ method: 'POST', url: '/mcp', headers: { origin: ALLOWED } });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': ALLOWED,
      'access-control-expose-headers': expect.stringMatching(
        /WWW-Authenticate.*Mcp-Session-Id.*Mcp-Protocol-Version/,
      ),
      vary: 'Origin',
    });
  });

  it('leaves the consent page and other paths without CORS', async () => {
    const page = await app.inject(preflight('/api/oauth/authorize', ALLOWED, 'GET'));
    expect(page.statusCode).toBe(404);
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    const get = await app.inject({ url: '/api/oauth/authorize', headers: { origin: ALLOWED } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });
});
