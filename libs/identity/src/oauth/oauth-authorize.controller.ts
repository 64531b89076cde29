import { applyDecorators, Controller, Get, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  type ApiQueryOptions,
  ApiResponse,
} from '@nestjs/swagger';
import OAuth2Server, { OAuthError, ServerError } from '@node-oauth/oauth2-server';
import type { ResolvedCredential } from '@cw/domain';
import {
  AppError,
  DescribedApiTag,
  HTML_PAGE_CONTENT,
  PlatformConfig,
  RoutePolicy,
} from '@cw/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CredentialService } from '../credentials/credential.service';
import { CompanyRepository } from '../directory/company.repository';
import { PersonRepository } from '../directory/person.repository';
import { IdentityConfig } from '../identity.config';
import { SESSION_COOKIE, setSessionCookie } from '../sessions/session-cookie';
import { SessionService } from '../sessions/session.service';
import {
  type AuthorizationCheck,
  type AuthorizationRequest,
  checkAuthorizationRequest,
  errorRedirect,
} from './authorization-request';
import { isClientId } from './client-id';
import { consentTokenFor, consentTokenMatches } from './consent-token';
import { OAuthConsentDecisionDto, OAuthSignInFormDto } from './dtos/authorize.dto';
import { fieldsOf } from './form-fields';
import { OAUTH_API_TAG } from './oauth-api-tag';
import { OAuthClientRepository } from './oauth-client.repository';
import type { ApprovingUser } from './oauth-model';
import { protectedResourcesOf } from './oauth-resources';
import { consentedScopes, scopeListOf } from './oauth-scopes';
import { OAuthServer } from './oauth-server';
import {
  consentPage,
  OPTIONAL_SCOPE_FIELD,
  refusalPage,
  setAuthorizationPageHeaders,
  signInPage,
} from './pages/oauth-pages';
import { publicBaseOf } from './public-base';

const FORM = 'application/x-www-form-urlencoded';

/** The authorization request's query (RFC 6749 4.1.1, RFC 7636, RFC 8707), as described. */
const AUTHORIZATION_QUERY: ApiQueryOptions[] = [
  { name: 'response_type', required: true, enum: ['code'] },
  { name: 'client_id', required: true, description: 'The `cwc_` id from registration.' },
  { name: 'redirect_uri', required: true, description: 'Exactly as registered.' },
  {
    name: 'state',
    required: false,
    description:
      'Up to 500 visible ASCII characters; optional (PKCE is required), echoed when sent.',
  },
  { name: 'code_challenge', required: true, description: 'base64url SHA-256 of the verifier.' },
  { name: 'code_challenge_method', required: true, enum: ['S256'] },
  {
    name: 'scope',
    required: false,
    description:
      'Space-separated; omitted: the six scopes. `billing:read` and `operator:all` are offered ' +
      'unticked on the consent page. `offline_access` adds a refresh token.',
  },
  { name: 'resource', required: false, description: 'RFC 8707: the API base or the /mcp URL.' },
];
const AUTHORIZE_PATH = '/api/oauth/authorize';

interface SignedInBrowser {
  sessionToken: string;
  credential: ResolvedCredential;
}

function ApplyQueries(queries: readonly ApiQueryOptions[]): MethodDecorator {
  return applyDecorators(...queries.map((query) => ApiQuery({ type: String, ...query })));
}

/** The consent form's ticked optional scopes: one field value, several, or none. */
function tickedScopes(form: Record<string, unknown>): string[] {
  const ticked = form[OPTIONAL_SCOPE_FIELD];
  const values = Array.isArray(ticked)
    ? (ticked as unknown[])
    : ticked === undefined
      ? []
      : [ticked];
  return values.map((value) => (typeof value === 'string' ? value : '(not text)'));
}

/** Text a person typed into a form field: no control characters (PostgreSQL refuses NUL). */
function isFormText(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 500 && !/\p{Cc}/u.test(value);
}

/** Only this server's authorization page: never a caller-chosen address (no open redirect). */
function safeReturnTo(value: unknown): string | undefined {
  return typeof value === 'string' &&
    value.startsWith(`${AUTHORIZE_PATH}?`) &&
    !/[\r\n\\]/.test(value)
    ? value
    : undefined;
}

@DescribedApiTag(OAUTH_API_TAG)
@Controller('api/oauth')
export class OAuthAuthorizeController {
  constructor(
    private readonly server: OAuthServer,
    private readonly clients: OAuthClientRepository,
    private readonly credentials: CredentialService,
    private readonly sessions: SessionService,
    private readonly people: PersonRepository,
    private readonly companies: CompanyRepository,
    private readonly config: IdentityConfig,
    private readonly platform: PlatformConfig,
  ) {}

  @Get('authorize')
  @RoutePolicy({ access: 'route_specific', errorFormat: 'html_page' })
  @ApiOperation({
    operationId: 'oauthAuthorize',
    summary: 'OAuth authorization endpoint: the consent page of a signed-in browser.',
    description:
      'Query: `response_type=code`, `client_id`, `redirect_uri` (exactly as registered) and ' +
      'PKCE `code_challenge` with `code_challenge_method=S256` (all required), optional ' +
      '`state` (OAuth 2.1 with PKCE; echoed when sent), `scope` (omitted: the six scopes; ' +
      '`billing:read` and `operator:all` only when the person ticks them; add ' +
      '`offline_access` for a refresh token) and `resource` (RFC 8707). With the ' +
      '`session_token` cookie: an HTML page naming the client and the scopes, to allow or ' +
      'deny. Without it: a sign-in form that returns here. An unknown client or redirect URI ' +
      'is refused on the page (never redirected); other problems are redirected to the ' +
      'client as `error` with the `state`.',
  })
  @ApiOkResponse({
    description: 'The consent page, or the sign-in form.',
    content: HTML_PAGE_CONTENT,
  })
  @ApiResponse({ status: 303, description: 'An error sent back to the registered redirect URI.' })
  @ApplyQueries(AUTHORIZATION_QUERY)
  async authorize(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const parameters = fieldsOf(request.query);
    const check = await this.check(request, parameters);
    if (check.kind !== 'valid') return this.sendCheckFailure(reply, check);
    setAuthorizationPageHeaders(reply, check.request.redirectUri);
    const browser = await this.signedInBrowser(request);
    if (!browser) return reply.status(200).send(signInPage(request.url));
    return reply.status(200).send(await this.consent(browser, check.request));
  }

  @Post('authorize')
  @RoutePolicy({ access: 'route_specific', errorFormat: 'html_page' })
  @ApiOperation({
    operationId: 'oauthAuthorizeDecision',
    summary: "The consent page's form: allows or denies, then returns to the client.",
    description:
      'Posted by the consent page with the session cookie and its `consent_token` (bound to ' +
      'that session and that exact request). Allow: 303 to the redirect URI with a single-use ' +
      '`code` (60 seconds) and the `state`; the code carries the requested scopes and the ' +
      '`extra_scope` values ticked (each one an extra scope the request named). Deny, or ' +
      'nothing granted: 303 with `error=access_denied`. A form that was not made for this ' +
      'browser session is refused with an HTML page (403).',
  })
  @ApiConsumes(FORM)
  @ApiBody({ type: OAuthConsentDecisionDto })
  @ApiResponse({
    status: 303,
    description: 'Back to the client with `code` or `error`, and `state`.',
  })
  async decide(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const form = fieldsOf(request.body);
    const check = await this.check(request, form);
    if (check.kind !== 'valid') return this.sendCheckFailure(reply, check);
    const authorization = check.request;
    setAuthorizationPageHeaders(reply, authorization.redirectUri);
    const browser = await this.signedInBrowser(request);
    if (!browser) {
      return reply
        .status(401)
        .send(
          signInPage(
            `${AUTHORIZE_PATH}?${new URLSearchParams(this.queryOf(authorization)).toString()}`,
          ),
        );
    }
    if (!consentTokenMatches(form.consent_token, browser.sessionToken, authorization)) {
      return reply
        .status(403)
        .send(
          refusalPage(
            'This approval form was not made for your current sign-in, or it was changed. Open the link from the application again.',
          ),
        );
    }
    if (form.decision !== 'approve') return this.sendDenial(reply, authorization, 'denied access');
    const consented = consentedScopes(authorization.requested, tickedScopes(form));
    if (!consented.ok) {
      return reply
        .status(400)
        .send(
          refusalPage(
            `The form grants what the application did not ask for: ${consented.unoffered.join(', ')}. Open the link from the application again.`,
          ),
        );
    }
    if (consented.granted.scopes.length === 0) {
      return this.sendDenial(reply, authorization, 'granted no permission');
    }
    const user: ApprovingUser = {
      personId: browser.credential.personId,
      companyId: browser.credential.companyId,
      sessionId: browser.credential.id,
      resource: authorization.resource ?? null,
    };
    const response = new OAuth2Server.Response();
    try {
      await this.server.authorize(
        new OAuth2Server.Request({
          method: 'POST',
          headers: {},
          query: {},
          // The library issues the code for exactly what the person granted.
          body: {
            ...this.queryOf(authorization),
            scope: scopeListOf(consented.granted).join(' '),
          },
        }),
        response,
        { authenticateHandler: { handle: () => user } },
      );
    } catch (failure) {
      // The library's own refusal: sent back to the client when it named where (its error
      // redirect), shown on the page when it refused before trusting the redirect URI.
      if (!(failure instanceof OAuthError) || failure instanceof ServerError) throw failure;
      if (!response.get('Location')) throw AppError.badRequest(failure.message);
    }
    return reply
      .status(303)
      .header('Location', response.get('Location') as string)
      .send();
  }

  @Post('sign-in')
  @RoutePolicy({ access: 'route_specific', errorFormat: 'html_page' })
  @ApiOperation({
    operationId: 'oauthSignIn',
    summary: "The authorization page's sign-in form: signs in, then returns to the consent page.",
    description:
      'Form-encoded `email`, `password` and `return_to` (an `/api/oauth/authorize?…` address of ' +
      'this server; anything else is refused). Sets the `session_token` cookie and answers 303 ' +
      'to `return_to`; a wrong email or password shows the form again (401).',
  })
  @ApiConsumes(FORM)
  @ApiBody({ type: OAuthSignInFormDto })
  @ApiResponse({ status: 303, description: 'Signed in: back to the consent page.' })
  async signIn(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const form = fieldsOf(request.body);
    const returnTo = safeReturnTo(form.return_to);
    setAuthorizationPageHeaders(reply);
    if (!returnTo) {
      return reply
        .status(400)
        .send(refusalPage('The sign-in form did not come from an authorization request.'));
    }
    if (!isFormText(form.email) || !isFormText(form.password)) {
      return reply.status(400).send(signInPage(returnTo, 'Enter your email and password.'));
    }
    try {
      const signedIn = await this.sessions.signIn(form.email, form.password);
      setSessionCookie(reply, signedIn.token, this.platform.isProduction);
    } catch (error) {
      if (error instanceof AppError && (error.status === 401 || error.status === 403)) {
        return reply.status(401).send(signInPage(returnTo, error.message));
      }
      throw error;
    }
    return reply.status(303).header('Location', returnTo).send();
  }

  private async check(
    request: FastifyRequest,
    parameters: Record<string, unknown>,
  ): Promise<AuthorizationCheck> {
    const clientId = parameters.client_id;
    const client = isClientId(clientId) ? await this.clients.findById(clientId) : null;
    return checkAuthorizationRequest(
      parameters,
      client && { id: client.id, name: client.clientName, redirectUris: client.redirectUris },
      protectedResourcesOf(publicBaseOf(request, this.config)),
    );
  }

  private sendCheckFailure(
    reply: FastifyReply,
    check: Exclude<AuthorizationCheck, { kind: 'valid' }>,
  ): FastifyReply {
    if (check.kind === 'redirect_error') {
      return reply.status(303).header('Location', errorRedirect(check)).send();
    }
    setAuthorizationPageHeaders(reply);
    return reply.status(400).send(refusalPage(check.message));
  }

  private sendDenial(
    reply: FastifyReply,
    authorization: AuthorizationRequest,
    what: string,
  ): FastifyReply {
    return reply
      .status(303)
      .header(
        'Location',
        errorRedirect({
          kind: 'redirect_error',
          redirectUri: authorization.redirectUri,
          state: authorization.state,
          error: 'access_denied',
          description: `The person ${what}.`,
        }),
      )
      .send();
  }

  private async signedInBrowser(request: FastifyRequest): Promise<SignedInBrowser | undefined> {
    const sessionToken = request.cookies?.[SESSION_COOKIE];
    if (!sessionToken) return undefined;
    const credential = await this.credentials.resolve(sessionToken);
    return credential?.kind === 'session' ? { sessionToken, credential } : undefined;
  }

  private async consent(browser: SignedInBrowser, authorization: AuthorizationRequest) {
    const [person, company] = await Promise.all([
      this.people.findById(browser.credential.personId),
      this.companies.findById(browser.credential.companyId),
    ]);
    return consentPage({
      clientName: authorization.clientName,
      personEmail: person?.email ?? '',
      companyName: company?.name ?? '',
      request: authorization,
      consentToken: consentTokenFor(browser.sessionToken, authorization),
    });
  }

  /** The request's parameters as the library and the sign-in return address take them. */
  private queryOf(authorization: AuthorizationRequest): Record<string, string> {
    return {
      response_type: 'code',
      client_id: authorization.clientId,
      redirect_uri: authorization.redirectUri,
      ...(authorization.state !== undefined ? { state: authorization.state } : {}),
      code_challenge: authorization.codeChallenge,
      code_challenge_method: 'S256',
      ...(authorization.scope !== undefined ? { scope: authorization.scope } : {}),
      ...(authorization.resource !== undefined ? { resource: authorization.resource } : {}),
    };
  }
}
