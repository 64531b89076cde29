import type { FastifyRequest } from 'fastify';
import { upstreamHeaders } from './forwarded-headers';

function requestOf(fields: Partial<FastifyRequest>): FastifyRequest {
  return {
    id: 'req-123456',
    headers: {},
    ip: '203.0.113.9',
    protocol: 'http',
    host: 'api.example',
    ...fields,
  } as FastifyRequest;
}

describe('upstreamHeaders', () => {
  it("overwrites the client's forwarding headers with what the gateway determined", () => {
    const headers = upstreamHeaders(requestOf({ protocol: 'https' }), {
      'x-forwarded-for': '10.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'evil.example',
      forwarded: 'for=10.0.0.2',
      authorization: 'Bearer cwk_x',
    });
    expect(headers).toEqual({
      authorization: 'Bearer cwk_x',
      'x-request-id': 'req-123456',
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'api.example',
    });
  });

  it('drops hop-by-hop headers and Expect, and names only http or https', () => {
    const headers = upstreamHeaders(requestOf({ protocol: 'javascript' as 'http' }), {
      connection: 'keep-alive',
      'keep-alive': 'timeout=5',
      'transfer-encoding': 'chunked',
      upgrade: 'websocket',
      expect: '100-continue',
      te: 'trailers',
      'content-length': '12',
    });
    expect(headers).toEqual({
      'content-length': '12',
      'x-request-id': 'req-123456',
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'api.example',
    });
  });

  it('keeps the content type the client sent, and adds none it did not send', () => {
    const sent = requestOf({ headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(
      upstreamHeaders(sent, { 'content-type': 'application/json; charset=utf-8' })['content-type'],
    ).toBe('application/json; charset=utf-8');
    expect(
      upstreamHeaders(requestOf({}), { 'content-type': 'application/octet-stream' }),
    ).not.toHaveProperty('content-type');
  });
});
