import { Controller, Delete, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiExcludeEndpoint,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
} from '@nestjs/swagger';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { AppError, DescribedApiTag, ErrorCode, RoutePolicy } from '@cw/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { CallerCheck } from './caller-check';
import { JsonRpcRequestDto, JsonRpcResponseDto } from './json-rpc.dto';
import { MCP_API_TAG } from './mcp-api-tag';
import { McpServerFactory } from './mcp-server.factory';

function statelessOnly(): AppError {
  return new AppError(
    ErrorCode.MethodNotAllowed,
    'This MCP server is stateless: send every message as POST /mcp; there is no event stream or session to open or end.',
    { headers: { Allow: 'POST' } },
  );
}

/**
 * The request as the SDK's web-standard transport reads it: method, URL and headers (the body
 * Fastify parsed is handed over as `parsedBody`).
 */
function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const each of value) headers.append(name, each);
  }
  // The transport reads no part of the URL: a fixed origin keeps an odd Host header harmless.
  return new Request(`http://mcp.invalid${request.url}`, { method: request.method, headers });
}

/**
 * Tool calls one POST may carry in a JSON-RPC batch. Each is a REST call of its own (run_code
 * two, run_workflow a wait of up to 60 s), all under way at once; the SDK alone admits 100.
 */
export const MAX_TOOL_CALLS_PER_REQUEST = 10;

function batchRefusal(body: unknown): AppError | undefined {
  if (!Array.isArray(body)) return undefined;
  const calls = body.filter(
    (message) => (message as { method?: unknown } | null)?.method === 'tools/call',
  ).length;
  if (calls <= MAX_TOOL_CALLS_PER_REQUEST) return undefined;
  return AppError.badRequest(
    `A batch may hold at most ${MAX_TOOL_CALLS_PER_REQUEST} tools/call messages; it held ${calls}. Send the rest in further requests.`,
    { limit: MAX_TOOL_CALLS_PER_REQUEST },
  );
}

/**
 * A `tools/call` whose `_meta.progressToken` asks for `notifications/progress`: those travel
 * on an event stream, so that request's answer is one (every other answer stays plain JSON).
 */
function wantsProgress(body: unknown): boolean {
  return (Array.isArray(body) ? body : [body]).some((message) => {
    const { method, params } = (message ?? {}) as {
      method?: unknown;
      params?: { _meta?: { progressToken?: unknown } };
    };
    return method === 'tools/call' && params?._meta?.progressToken !== undefined;
  });
}

const REFUSAL_CODES: Partial<Record<number, ErrorCode>> = {
  400: ErrorCode.BadRequest,
  405: ErrorCode.MethodNotAllowed,
  406: ErrorCode.BadRequest,
  413: ErrorCode.PayloadTooLarge,
  415: ErrorCode.UnsupportedMediaType,
};

/**
 * The transport's own HTTP refusal (no JSON-RPC body, a wrong `Accept` or content type) in the
 * error envelope, with its JSON-RPC error kept in `details`.
 */
function transportRefusal(status: number, text: string): AppError {
  let error: { code?: number; message?: string } | undefined;
  try {
    error = (JSON.parse(text) as { error?: { code?: number; message?: string } }).error;
  } catch {
    error = undefined;
  }
  return new AppError(
    REFUSAL_CODES[status] ?? ErrorCode.InternalError,
    error?.message ?? `The MCP transport refused the request (${status}).`,
    { status, details: error ? { jsonrpc_error: error } : undefined },
  );
}

/**
 * `/mcp`, Streamable HTTP without sessions: each POST gets its own protocol server and
 * transport, answers as JSON and leaves nothing behind, so any replica answers any request.
 */
@DescribedApiTag(MCP_API_TAG)
@Controller('mcp')
export class McpController {
  constructor(
    private readonly check: CallerCheck,
    private readonly servers: McpServerFactory,
  ) {}

  @Post()
  @HttpCode(200)
  // The route checks the bearer token itself: its 401 names the resource metadata.
  @RoutePolicy({ access: 'route_specific' })
  @ApiOperation({
    operationId: 'mcpMessage',
    summary: 'One MCP message (JSON-RPC 2.0) over Streamable HTTP; the answer is JSON.',
    description:
      'Send `Authorization: Bearer <API key or access token>` and `Accept: application/json, ' +
      'text/event-stream`. Without a valid token: 401 with `WWW-Authenticate: Bearer ' +
      'resource_metadata=".../.well-known/oauth-protected-resource/mcp", scope="…"` (and ' +
      '`error="invalid_token"` for a token that is unknown, expired or revoked). A `Host` the ' +
      'settings do not allow (loopback names, the host of OAUTH_ISSUER, MCP_ALLOWED_HOSTS) or a ' +
      'browser `Origin` not in MCP_ALLOWED_ORIGINS: 403. Notifications answer 202 without a body. A tools/call ' +
      'carrying `_meta.progressToken` answers as an event stream: its progress notifications, ' +
      'then the result. The tools are the routes whose `x-service.mcp_tools` names them; the ' +
      'wiki pages the token can read are resources.',
  })
  @ApiHeader({ name: 'Authorization', required: true, description: 'Bearer <token>' })
  @ApiBody({ type: JsonRpcRequestDto })
  @ApiOkResponse({ type: JsonRpcResponseDto })
  @ApiResponse({ status: 202, description: 'A notification or response was accepted.' })
  async message(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | Readable> {
    this.check.checkOrigin(request);
    const token = await this.check.bearerToken(request);
    const tooMany = batchRefusal(request.body);
    if (tooMany) throw tooMany;
    const server = this.servers.create({ token, requestId: request.id });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: !wantsProgress(request.body),
    });
    const close = async () => {
      await transport.close();
      await server.close();
    };
    let streaming = false;
    try {
      await server.connect(transport);
      const answer = await transport.handleRequest(webRequestOf(request), {
        parsedBody: request.body,
      });
      const isStream = answer.headers.get('content-type')?.startsWith('text/event-stream');
      if (answer.status >= 400 || !isStream || !answer.body) {
        const text = await answer.text();
        if (answer.status >= 400) throw transportRefusal(answer.status, text);
        void reply.status(answer.status);
        answer.headers.forEach((value, name) => void reply.header(name, value));
        return text;
      }
      // The stream ends after the answer; the client going away ends it too (and the handler's
      // abort signal with the server).
      const events = Readable.fromWeb(answer.body as NodeReadableStream<Uint8Array>);
      events.once('close', () => void close());
      streaming = true;
      void reply.status(answer.status);
      answer.headers.forEach((value, name) => void reply.header(name, value));
      return events;
    } finally {
      if (!streaming) await close();
    }
  }

  // Streamable HTTP's GET (a server-sent stream) and DELETE (end a session) need sessions: this
  // stateless server answers 405, and the description lists only POST.
  @Get()
  @RoutePolicy({ access: 'public' })
  @ApiExcludeEndpoint()
  openStream(): never {
    throw statelessOnly();
  }

  @Delete()
  @RoutePolicy({ access: 'public' })
  @ApiExcludeEndpoint()
  endSession(): never {
    throw statelessOnly();
  }
}
