import { SCOPES } from '@cw/domain';
import { approveAuthorization, call, signInTestPerson } from '@cw/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  connectClient,
  type McpTestSystem,
  newAgentUser,
  startMcpTestSystem,
} from './mcp-test-system';

jest.setTimeout(120_000);

const SIX = [...SCOPES].sort();
const REDIRECT = 'http://127.0.0.1:6274/oauth/callback';

/**
 * The SDK's client side of OAuth, kept in memory, the way its own example provider is written:
 * no `state()` (PKCE protects the flow), and the browser step left to the test.
 */
class InMemoryOAuthProvider implements OAuthClientProvider {
  authorizationUrl?: URL;
  private client?: OAuthClientInformationMixed;
  private saved?: OAuthTokens;
  private verifier?: string;

  get redirectUrl(): string {
    return REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'MCP SDK OAuth test',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.client;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.client = client;
  }

  tokens(): OAuthTokens | undefined {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('no PKCE verifier saved');
    return this.verifier;
  }
}

function toolError(result: CallToolResult): {
  status: number;
  code: string;
  details: Record<string, unknown>;
  next_action: string;
} {
  expect(result.isError).toBe(true);
  const [first] = result.content as { type: string; text: string }[];
  return (JSON.parse(first.text) as { error: ReturnType<typeof toolError> }).error;
}

describe('/mcp and OAuth as an MCP client following the specs meets them (real processes)', () => {
  let system: McpTestSystem;
  /** The one-process composition: `/mcp`, the OAuth endpoints and REST on one address. */
  let base: string;

  beforeAll(async () => {
    system = await startMcpTestSystem();
    base = system.restUrl;
  }, 90_000);

  afterAll(() => system?.stop());

  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    },
  };
  const accept = { accept: 'application/json, text/event-stream' };

  it('challenges with the six scopes and the metadata; a bad token adds invalid_token, a missing one no error', async () => {
    const metadata = `${base}/.well-known/oauth-protected-resource/mcp`;
    const scope = `scope="${[...SCOPES].join(' ')}"`;
    const missing = await call(base, 'POST', '/mcp', { headers: accept, body: initialize });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe(
      `Bearer ${scope}, resource_metadata="${metadata}"`,
    );
    for (const token of ['cwk_not-a-real-key', 'cwa_not-a-real-token']) {
      const refused = await call<{ error: { code: string } }>(base, 'POST', '/mcp', {
        token,
        headers: accept,
        body: initialize,
      });
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('AUTH_REQUIRED');
      expect(refused.headers.get('www-authenticate')).toBe(
        `Bearer error="invalid_token", error_description="The token is invalid, expired or revoked.", ${scope}, resource_metadata="${metadata}"`,
      );
    }
    const resource = await call<{ scopes_supported: string[] }>(
      base,
      'GET',
      '/.well-known/oauth-protected-resource/mcp',
    );
    expect([...resource.body.scopes_supported].sort()).toEqual(SIX);
  });

  it("runs the SDK's own OAuth flow without state: registers, consents, exchanges and lists the tools with exactly the six scopes", async () => {
    const person = await signInTestPerson(base, { company: 'SDK OAuth Co' });
    const provider = new InMemoryOAuthProvider();
    const mcpUrl = new URL(`${base}/mcp`);

    // The first connection meets the 401; the SDK discovers, registers and sends the person
    // to the authorization page (here: records its address).
    const first = new Client({ name: 'sdk-oauth', version: '1.0.0' });
    await expect(
      first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider })),
    ).rejects.toThrow(/Unauthorized/);
    const authorizationUrl = provider.authorizationUrl!;
    expect(authorizationUrl.searchParams.has('state')).toBe(false);
    expect(authorizationUrl.searchParams.get('scope')!.split(' ').sort()).toEqual(SIX);
    expect(authorizationUrl.searchParams.get('resource')).toBe(mcpUrl.toString());
    expect(provider.clientInformation()?.client_id).toMatch(/^cwc_/);

    // The person approves on the consent page (driven over HTTP with their session).
    const redirect = await approveAuthorization(base, person.cookie, authorizationUrl.toString());
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT);
    expect(redirect.searchParams.has('state')).toBe(false);
    const code = redirect.searchParams.get('code')!;
    expect(code).toBeTruthy();

    expect(await auth(provider, { serverUrl: mcpUrl, authorizationCode: code })).toBe('AUTHORIZED');
    const tokens = provider.tokens()!;
    expect(tokens.access_token).toMatch(/^cwa_/);
    expect(tokens.scope!.split(' ').sort()).toEqual(SIX);
    expect(tokens.refresh_token).toBeUndefined();

    const client = new Client({ name: 'sdk-oauth', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('search_wiki');
    } finally {
      await client.close();
    }
  });

  it('answers a tool call lacking a scope with the isError result naming the step-up scope', async () => {
    const reader = await newAgentUser(base, ['wiki:read', 'workflows:read']);
    const narrow = await connectClient(`${base}/mcp`, reader.token);
    try {
      const error = toolError(
        (await narrow.callTool({
          name: 'save_page',
          arguments: { title: 't', markdown: 'm' },
        })) as CallToolResult,
      );
      expect(error).toMatchObject({
        status: 403,
        code: 'ACCESS_DENIED',
        details: {
          error: 'insufficient_scope',
          scope: 'wiki:write',
          request_scope: 'wiki:read workflows:read wiki:write',
        },
      });
      expect(error.next_action).toContain('scope "wiki:read workflows:read wiki:write"');
    } finally {
      await narrow.close();
    }
  });
});
