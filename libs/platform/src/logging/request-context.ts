import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

interface RequestContext {
  reqId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The id of the request being handled, for log lines written by code that has no request. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.reqId;
}

/** Runs `work` as part of the request with this id (what `bindRequestContext` sets up). */
export function runInRequestContext<T>(reqId: string, work: () => T): T {
  return storage.run({ reqId }, work);
}

/**
 * Makes every request's id known to whatever runs while handling it: the rest of the request's
 * hooks, its body parsing (Fastify keeps the context across it) and its handler run inside.
 */
export function bindRequestContext(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => runInRequestContext(request.id, done));
}
