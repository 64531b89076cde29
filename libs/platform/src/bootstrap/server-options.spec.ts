import Fastify from 'fastify';
import { loadConfig } from '../config/load-config';
import { PlatformConfig } from '../config/platform.config';
import { serverOptionsOf, trustProxyOf } from './server-options';

interface Seen {
  ip: string;
  protocol: string;
  host: string;
}

async function seen(
  trustedProxies: string,
  edge: boolean,
  remoteAddress: string,
  headers: Record<string, string>,
): Promise<Seen> {
  const app = Fastify({ trustProxy: trustProxyOf(trustedProxies, edge) });
  app.get('/', async (request) => ({
    ip: request.ip,
    protocol: request.protocol,
    host: request.host,
  }));
  const response = await app.inject({
    url: '/',
    remoteAddress,
    headers: { host: 'gateway:3000', ...headers },
  });
  await app.close();
  return response.json<Seen>();
}

const FORWARDED = {
  'x-forwarded-for': '198.51.100.7, 10.0.0.1',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'api.example',
};

describe('trustProxyOf', () => {
  it('makes the edge believe nobody by default: a client cannot name its address or scheme', async () => {
    expect(await seen('', true, '127.0.0.1', FORWARDED)).toEqual({
      ip: '127.0.0.1',
      protocol: 'http',
      host: 'gateway:3000',
    });
  });

  it('makes the edge believe the listed proxies, hop by hop', async () => {
    expect(await seen('127.0.0.1', true, '127.0.0.1', FORWARDED)).toEqual({
      ip: '10.0.0.1',
      protocol: 'https',
      host: 'api.example',
    });
    expect((await seen('127.0.0.1, 10.0.0.0/8', true, '127.0.0.1', FORWARDED)).ip).toBe(
      '198.51.100.7',
    );
  });

  it("makes a service believe one hop only, the gateway's, on loopback or listed", async () => {
    expect(await seen('', false, '127.0.0.1', FORWARDED)).toEqual({
      ip: '10.0.0.1',
      protocol: 'https',
      host: 'api.example',
    });
    expect(await seen('', false, '192.0.2.1', FORWARDED)).toEqual({
      ip: '192.0.2.1',
      protocol: 'http',
      host: 'gateway:3000',
    });
    expect((await seen('192.0.2.0/24', false, '192.0.2.1', FORWARDED)).ip).toBe('10.0.0.1');
  });
});

describe('serverOptionsOf', () => {
  const valid = { DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://h:1' };

  it('bounds headers and the whole request, and keeps the headers deadline within the request one', () => {
    const options = serverOptionsOf(
      loadConfig(PlatformConfig, {
        ...valid,
        REQUEST_TIMEOUT_MS: '5000',
        HEADERS_TIMEOUT_MS: '8000',
      }),
      true,
    );
    expect(options).toMatchObject({
      requestTimeout: 5000,
      keepAliveTimeout: 72_000,
      http: { requestTimeout: 5000, headersTimeout: 5000 },
      routerOptions: { maxParamLength: 200 },
      trustProxy: false,
    });
  });
});
