import type { FastifyInstance } from 'fastify';

/**
 * `Expect: 100-continue` asks whether to send the body at all. Node answers `100 Continue` as
 * soon as the headers arrive; here the answer waits until the request is about to be read, so a
 * request refused from its headers (no credential, a Content-Length over the route's limit) gets
 * its refusal instead and never sends the body (Node then closes that connection).
 */
export function continueOnlyWhenReadingBody(fastify: FastifyInstance): void {
  const server = fastify.server;
  server.on('checkContinue', (request, response) => server.emit('request', request, response));
  fastify.addHook('preParsing', async (request, reply, payload) => {
    const expect = request.headers.expect;
    if (expect?.toLowerCase() === '100-continue' && !reply.raw.headersSent) {
      reply.raw.writeContinue();
    }
    return payload;
  });
}
