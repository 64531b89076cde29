import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from './request-url';

/** Who a path grants cross-origin access to, and with which methods. */
interface CorsRule {
  methods: string;
  /** Public documents (the OAuth metadata): any origin, as is usual for them. */
  anyOrigin: boolean;
}

const MCP_RULE: CorsRule = { methods: 'GET, POST, DELETE', anyOrigin: false };
const OAUTH_RULE: CorsRule = { methods: 'POST', anyOrigin: false };
const METADATA_RULE: CorsRule = { methods: 'GET', anyOrigin: true };

/**
 * The paths a browser-based MCP client calls from another origin: `/mcp` and the OAuth
 * endpoints it uses without a person (the consent page is a top-level navigation, never CORS).
 */
const RULES = new Map<string, CorsRule>([
  ['/mcp', MCP_RULE],
  ['/api/oauth/register', OAUTH_RULE],
  ['/api/oauth/token', OAUTH_RULE],
  ['/api/oauth/revoke', OAUTH_RULE],
]);

function ruleOf(path: string): CorsRule | undefined {
  return path.startsWith('/.well-known/') ? METADATA_RULE : RULES.get(path);
}

/** Request headers an MCP client sends (SDK, Streamable HTTP, OAuth). */
const ALLOWED_HEADERS =
  'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-Id, X-Request-Id';
/** Response headers a client reads: the 401/403 challenge, the MCP session and version, the id. */
const EXPOSED_HEADERS = 'WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version, X-Request-Id';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

function addVaryOrigin(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (/(^|,)\s*(origin|\*)\s*(,|$)/i.test(current)) return;
  void reply.header('Vary', current === '' ? 'Origin' : `${current}, Origin`);
}

/**
 * CORS for browser-based MCP clients, at the edge (the gateway, the one-process app) so that
 * proxied answers get it too. A preflight (`OPTIONS` with `Access-Control-Request-Method`) on
 * a covered path answers 204 at once; an origin outside `allowedOrigins` gets no grant (and no
 * answer headers), which a browser reads as refused. Other paths are untouched.
 */
export function allowBrowserOrigins(fastify: FastifyInstance, allowedOrigins: Set<string>): void {
  const grantOf = (request: FastifyRequest): { rule: CorsRule; origin: string } | undefined => {
    const origin = request.headers.origin;
    if (origin === undefined) return undefined;
    const rule = ruleOf(pathOf(request.url));
    if (!rule) return undefined;
    if (rule.anyOrigin) return { rule, origin: '*' };
    const normalized = origin.replace(/\/$/, '').toLowerCase();
    return allowedOrigins.has(normalized) ? { rule, origin } : undefined;
  };

  fastify.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method']) return;
    if (!ruleOf(pathOf(request.url)) || request.headers.origin === undefined) return;
    const grant = grantOf(request);
    addVaryOrigin(reply);
    if (grant) {
      void reply.headers({
        'Access-Control-Allow-Origin': grant.origin,
        'Access-Control-Allow-Methods': grant.rule.methods,
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': PREFLIGHT_MAX_AGE_SECONDS,
      });
    }
    await reply.status(204).send();
  });

  fastify.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'OPTIONS') return payload;
    const grant = grantOf(request);
    if (!grant) return payload;
    if (grant.origin !== '*') addVaryOrigin(reply);
    void reply.headers({
      'Access-Control-Allow-Origin': grant.origin,
      'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    });
    return payload;
  });
}
