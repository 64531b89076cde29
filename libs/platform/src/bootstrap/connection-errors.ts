import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-code';
import { errorEnvelope } from '../errors/error-envelope';
import { sendError } from '../errors/send-error';
import { MAX_PARAM_LENGTH } from './server-options';

/** Why Node's HTTP parser gave up on a connection (Fastify's `clientErrorHandler`). */
function clientRefusal(error: NodeJS.ErrnoException): AppError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new AppError(
      ErrorCode.BadRequest,
      'The request was not received in time: send the headers and the body without pausing.',
      { status: 408 },
    );
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return new AppError(ErrorCode.BadRequest, 'The request headers are too large.', {
      status: 431,
    });
  }
  return AppError.badRequest('The request is not well-formed HTTP/1.1.');
}

/** Errors Fastify's router raises before any hook runs (`frameworkErrors`). */
function frameworkRefusal(error: Error & { code?: string }): unknown {
  if (error.code === 'FST_ERR_BAD_URL') {
    return AppError.badRequest('The URL path is not valid percent-encoded UTF-8.');
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return new AppError(
      ErrorCode.BadRequest,
      `A path parameter is longer than ${MAX_PARAM_LENGTH} characters.`,
      { status: 414 },
    );
  }
  return error;
}

function rawEnvelope(refusal: AppError, requestId: string): string {
  const body = JSON.stringify(errorEnvelope(refusal.code, refusal.message, requestId));
  return [
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Answers in the envelope, with `X-Request-Id`, the failures that happen outside any route:
 * a bad URL or an over-long path parameter (Fastify's router), and a request Node's parser gave
 * up on (malformed, headers too large, not received within the deadlines). For the last kind
 * the id is that of the request being received, if Fastify had seen its headers.
 */
export class ConnectionErrors {
  private readonly receiving = new WeakMap<Socket, FastifyReply>();
  private log?: FastifyBaseLogger;

  /** Tracks which request each connection is receiving; call once the instance exists. */
  install(fastify: FastifyInstance): void {
    this.log = fastify.log;
    fastify.addHook('onRequest', async (request, reply) => {
      this.receiving.set(request.raw.socket, reply);
    });
    fastify.addHook('onResponse', async (request, reply) => {
      if (this.receiving.get(request.raw.socket) === reply) {
        this.receiving.delete(request.raw.socket);
      }
    });
  }

  readonly onFrameworkError = (
    error: Error & { code?: string },
    request: FastifyRequest,
    reply: FastifyReply,
  ): void => {
    void reply.header('X-Request-Id', request.id);
    sendError(frameworkRefusal(error), request, reply);
  };

  readonly onClientError = (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const reply = this.receiving.get(socket);
    // An answer already on its way cannot be followed by another one: just close.
    if (reply?.raw.headersSent || !socket.writable) {
      socket.destroy();
      return;
    }
    const refusal = clientRefusal(error);
    const requestId = reply?.request.id ?? randomUUID();
    this.log?.info({ reqId: requestId, code: error.code, status: refusal.status }, refusal.message);
    socket.end(rawEnvelope(refusal, requestId), () => socket.destroy());
  };
}
