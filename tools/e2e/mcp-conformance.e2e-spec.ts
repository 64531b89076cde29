import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createApiKey,
  createTestDatabase,
  createTestPage,
  signInTestPerson,
  TEST_ACCEPTANCE_SECRET,
  type TestDatabase,
  testStack,
} from '@cw/testing';
import { type ConformanceTools, installConformance } from '../conformance/conformance-install';
import { freePort } from '../local-stack/ports';
import { type RunningSystem, startSystem } from '../start/system';

const REPO_ROOT = join(__dirname, '../..');
const BROWSER_ORIGIN = 'https://agents.example.test';
const REBINDING_HOST = 'evil.example.com';
const SCOPES = ['wiki:write', 'workflows:write', 'workflows:run', 'workflows:read'];

/**
 * The suite's server scenarios that apply to this server (docs/mcp.md lists the others and
 * why not). `dns-rebinding-protection` sends `Host: evil.example.com` with a matching Origin.
 */
const APPLICABLE_SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with headers `fetch` may not set (`Host`), to the gateway's port. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, {
      method: options.method ?? 'GET',
      headers: options.headers,
    });
    outgoing.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

function initializeBody(): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'edge-test', version: '1.0.0' },
    },
  });
}

const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

/**
 * The suite connects without credentials; this loopback hop adds the person's API key to each
 * request, as a client configured with a header does, and passes everything else (`Host` and
 * `Origin` included) to the gateway unchanged.
 */
async function withBearer(target: string, token: string): Promise<{ url: string; server: Server }> {
  const server = createServer((incoming, outgoing) => {
    const upstream = httpRequest(
      `${target}${incoming.url}`,
      {
        method: incoming.method,
        headers: { ...incoming.headers, authorization: `Bearer ${token}` },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

function checksIn(directory: string): Check[] {
  const found: Check[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === 'checks.json') {
      found.push(
        ...(JSON.parse(readFileSync(join(entry.parentPath, entry.name), 'utf8')) as Check[]),
      );
    }
  }
  return found;
}

/** One scenario of the official suite, on the project's Node, against `/mcp` at `url`. */
function runScenario(
  tools: ConformanceTools,
  url: string,
  scenario: string,
): Promise<{ code: number | null; output: string; checks: Check[] }> {
  const outputDir = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [tools.cli, 'server', '--url', url, '--scenario', scenario, '--output-dir', outputDir],
      { timeout: 60_000, env: { PATH: process.env.PATH, HOME: process.env.HOME } },
      (_error, stdout, stderr) => {
        const checks = checksIn(outputDir);
        rmSync(outputDir, { recursive: true, force: true });
        resolve({ code: child.exitCode, output: `${stdout}${stderr}`, checks });
      },
    );
  });
}

describe('MCP from outside, through the gateway: the conformance suite, DNS rebinding and CORS', () => {
  let database: TestDatabase;
  let system: RunningSystem;
  let gateway: string;
  let token: string;
  let tools: ConformanceTools;
  let bearerHop: { url: string; server: Server };

  beforeAll(async () => {
    database = await createTestDatabase();
    [system, tools] = await Promise.all([
      startSystem({
        mode: 'six-processes',
        databaseUrl: database.url,
        redisUrl: testStack().redisUrl,
        gatewayPort: await freePort(),
        logDir: join(REPO_ROOT, '.data', 'logs', 'e2e-mcp-conformance'),
        distDir: join(REPO_ROOT, 'dist'),
        env: {
          ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
          QUEUE_PREFIX: `cwconf-${process.pid}`,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          MCP_ALLOWED_ORIGINS: BROWSER_ORIGIN,
        },
      }),
      // Cached under .data/ after the first run: the suite's `npm ci`.
      installConformance(join(REPO_ROOT, '.data')),
    ]);
    gateway = system.gatewayUrl;
    const person = await signInTestPerson(gateway);
    token = await createApiKey(gateway, person.cookie, SCOPES);
    await createTestPage(gateway, { token }, { title: 'Conformance', markdown: 'listed' });
    bearerHop = await withBearer(gateway, token);
  }, 400_000);

  afterAll(async () => {
    if (bearerHop) await new Promise((resolve) => bearerHop.server.close(resolve));
    await system?.stop();
    await database?.drop();
  });

  describe('DNS-rebinding protection: allowed hosts come from the settings', () => {
    it('refuses Host: evil.example.com with its own Origin on /mcp with 403, even with a valid token', async () => {
      for (const origin of [`http://${REBINDING_HOST}`, undefined]) {
        const answer = await send(`${gateway}/mcp`, {
          method: 'POST',
          headers: {
            ...MCP_HEADERS,
            host: REBINDING_HOST,
            ...(origin && { origin }),
            authorization: `Bearer ${token}`,
          },
          body: initializeBody(),
        });
        expect({ origin, status: answer.status }).toEqual({ origin, status: 403 });
        expect(JSON.parse(answer.body)).toMatchObject({
          success: false,
          error: { code: 'ACCESS_DENIED', details: { error: 'host_not_allowed' } },
        });
      }
    });

    it('answers the same request on a loopback Host with its own Origin', async () => {
      const host = new URL(gateway).host;
      const answer = await send(`${gateway}/mcp`, {
        method: 'POST',
        headers: {
          ...MCP_HEADERS,
          host,
          origin: `http://${host}`,
          authorization: `Bearer ${token}`,
        },
        body: initializeBody(),
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ result: { protocolVersion: '2025-11-25' } });
    });

    it('never names a host that is not allowed in the OAuth metadata or the 401 challenge', async () => {
      for (const path of [
        '/.well-known/oauth-authorization-server',
        '/.well-known/oauth-protected-resource/mcp',
      ]) {
        const answer = await send(`${gateway}${path}`, { headers: { host: REBINDING_HOST } });
        expect({ path, status: answer.status }).toEqual({ path, status: 403 });
        expect(answer.body).not.toContain(`"issuer":"http://${REBINDING_HOST}`);
        expect(JSON.parse(answer.body)).toMatchObject({
          error: { details: { error: 'host_not_allowed' } },
        });
      }
      const challenge = await send(`${gateway}/mcp`, {
        method: 'POST',
        headers: { ...MCP_HEADERS, host: REBINDING_HOST },
        body: initializeBody(),
      });
      expect(challenge.status).toBe(403);
      expect(challenge.headers['www-authenticate']).toBeUndefined();
      const own = await send(`${gateway}/mcp`, {
        method: 'POST',
        headers: MCP_HEADERS,
        body: initializeBody(),
      });
      expect(own.status).toBe(401);
      expect(own.headers['www-authenticate']).toContain(
        `resource_metadata="${gateway}/.well-known/oauth-protected-resource/mcp"`,
      );
    });
  });

  describe('CORS for a browser-based client on another origin', () => {
    const preflight = (path: string, origin: string, method = 'POST') =>
      send(`${gateway}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type,mcp-protocol-version',
          'sec-fetch-mode': 'cors',
        },
      });

    it('answers a preflight on /mcp and the OAuth endpoints for a listed origin with 204 and the grant', async () => {
      for (const path of ['/mcp', '/api/oauth/register', '/api/oauth/token', '/api/oauth/revoke']) {
        const answer = await preflight(path, BROWSER_ORIGIN);
        expect({ path, status: answer.status }).toEqual({ path, status: 204 });
        expect(answer.headers).toMatchObject({
          'access-control-allow-origin': BROWSER_ORIGIN,
          'access-control-allow-methods': expect.stringContaining('POST'),
          'access-control-allow-headers': expect.stringMatching(
            /Authorization.*Content-Type.*Mcp-Protocol-Version/,
          ),
        });
      }
      const metadata = await preflight(
        '/.well-known/oauth-protected-resource/mcp',
        'https://anyone.example',
        'GET',
      );
      expect(metadata.status).toBe(204);
      expect(metadata.headers['access-control-allow-origin']).toBe('*');
    });

    it("lets the listed origin read /mcp's answers: the 401 challenge and a result", async () => {
      const challenge = await send(`${gateway}/mcp`, {
        method: 'POST',
        headers: { ...MCP_HEADERS, origin: BROWSER_ORIGIN },
        body: initializeBody(),
      });
      expect(challenge.status).toBe(401);
      expect(challenge.headers).toMatchObject({
        'access-control-allow-origin': BROWSER_ORIGIN,
        'access-control-expose-headers': expect.stringMatching(
          /WWW-Authenticate.*Mcp-Session-Id.*Mcp-Protocol-Version/,
        ),
      });
      const answer = await send(`${gateway}/mcp`, {
        method: 'POST',
        headers: { ...MCP_HEADERS, origin: BROWSER_ORIGIN, authorization: `Bearer ${token}` },
        body: initializeBody(),
      });
      expect(answer.status).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe(BROWSER_ORIGIN);
    });

    it('gives any other origin no grant, and /mcp refuses it', async () => {
      const answer = await preflight('/mcp', 'https://other.example');
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      const post = await send(`${gateway}/mcp`, {
        method: 'POST',
        headers: {
          ...MCP_HEADERS,
          origin: 'https://other.example',
          authorization: `Bearer ${token}`,
        },
        body: initializeBody(),
      });
      expect(post.status).toBe(403);
      expect(post.headers['access-control-allow-origin']).toBeUndefined();
      expect(JSON.parse(post.body)).toMatchObject({
        error: { details: { error: 'origin_not_allowed' } },
      });
    });
  });

  it.each(APPLICABLE_SCENARIOS)(
    'passes the conformance scenario %s',
    async (scenario) => {
      const result = await runScenario(tools, `${bearerHop.url}/mcp`, scenario);
      const failed = result.checks.filter((check) => check.status === 'FAILURE');
      expect({ scenario, failed, output: failed.length ? result.output : '' }).toEqual({
        scenario,
        failed: [],
        output: '',
      });
      expect(result.checks.filter((check) => check.status === 'SUCCESS').length).toBeGreaterThan(0);
      expect(result.code).toBe(0);
    },
    90_000,
  );
});
