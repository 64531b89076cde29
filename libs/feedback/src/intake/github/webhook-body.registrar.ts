import { Readable } from 'node:stream';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AppError, ErrorCode } from '@cw/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IntakeConfig } from '../intake.config';
import {
  GITHUB_SIGNATURE_HEADER,
  isSignatureShaped,
  isValidGithubSignature,
} from './github-signature';

/** Route config flag (`@RouteConfig({ [GITHUB_WEBHOOK_ROUTE]: true })`) of the GitHub webhook. */
export const GITHUB_WEBHOOK_ROUTE = 'feedbackGithubWebhook';

/** GitHub caps payloads at 25 MB; a pull_request event is a few tens of KB. */
export const GITHUB_WEBHOOK_BODY_LIMIT_BYTES = 1_048_576;

/** Requests whose body bytes carried a valid signature; the route refuses any other. */
const verified = new WeakSet<FastifyRequest>();

export function isVerifiedWebhookRequest(request: FastifyRequest): boolean {
  return verified.has(request);
}

function authRequired(message: string): AppError {
  return new AppError(ErrorCode.AuthRequired, message);
}

function tooLarge(): AppError {
  return new AppError(
    ErrorCode.PayloadTooLarge,
    `The webhook body is larger than ${GITHUB_WEBHOOK_BODY_LIMIT_BYTES} bytes.`,
    { details: { limit_bytes: GITHUB_WEBHOOK_BODY_LIMIT_BYTES } },
  );
}

/**
 * The body's bytes up to the limit. Past it the rest is read and dropped rather than the stream
 * destroyed: destroying a request destroys its socket, and the 413 could not be sent.
 */
function readBody(payload: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= GITHUB_WEBHOOK_BODY_LIMIT_BYTES) {
        chunks.push(chunk);
        return;
      }
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.resume();
      reject(tooLarge());
    };
    const onEnd = (): void => resolve(Buffer.concat(chunks));
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.once('error', reject);
  });
}

function isWebhookRoute(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as unknown as Record<string, unknown> | undefined;
  return config?.[GITHUB_WEBHOOK_ROUTE] === true;
}

/**
 * Verifies `X-Hub-Signature-256` over the exact body bytes before any parser sees them: a hook
 * at `preParsing`, added to the app's Fastify instance by the module itself (as the wiki adds
 * its multipart parser), acting on the flagged route only. A verified body goes on to the
 * platform's JSON parser unchanged; an unsigned or mis-signed one is 401 and never parsed.
 */
@Injectable()
export class WebhookBodyRegistrar implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: IntakeConfig,
  ) {}

  onModuleInit(): void {
    const adapter = this.adapterHost.httpAdapter;
    if (!adapter || adapter.getType() !== 'fastify') return;
    const fastify = adapter.getInstance<FastifyInstance>();
    fastify.addHook('preParsing', async (request, _reply, payload) => {
      if (!isWebhookRoute(request)) return payload;
      const body = await this.verifiedBody(request, payload);
      verified.add(request);
      return Readable.from([body]);
    });
  }

  private async verifiedBody(
    request: FastifyRequest,
    payload: NodeJS.ReadableStream,
  ): Promise<Buffer> {
    const secret = this.config.GITHUB_WEBHOOK_SECRET;
    if (!secret) {
      throw authRequired(
        'The GitHub webhook is not configured on this server (GITHUB_WEBHOOK_SECRET is unset).',
      );
    }
    const signature = request.headers[GITHUB_SIGNATURE_HEADER];
    if (typeof signature !== 'string' || !isSignatureShaped(signature)) {
      throw authRequired('Send X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the body>.');
    }
    if (Number(request.headers['content-length']) > GITHUB_WEBHOOK_BODY_LIMIT_BYTES) {
      throw tooLarge();
    }
    const body = await readBody(payload);
    if (!isValidGithubSignature(secret, body, signature)) {
      throw authRequired('X-Hub-Signature-256 does not match the body and the webhook secret.');
    }
    return body;
  }
}
