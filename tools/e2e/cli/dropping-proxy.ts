import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DroppingProxy {
  url: string;
  /** The bodies of the requests that matched `drop`, in order. */
  matched: unknown[];
  close: () => Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A loopback proxy in front of the gateway. Requests matching `drop` are forwarded; the first
 * one's answer is thrown away and the client's connection cut, as a network failure after the
 * server acted would; later ones pass. Everything else passes untouched.
 */
export async function startDroppingProxy(
  upstream: string,
  drop: (method: string, path: string) => boolean,
): Promise<DroppingProxy> {
  const matched: unknown[] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const headers = { ...request.headers } as Record<string, string>;
      delete headers.host;
      delete headers['content-length'];
      const method = request.method ?? 'GET';
      const answer = await fetch(`${upstream}${request.url}`, {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : body,
      });
      const text = Buffer.from(await answer.arrayBuffer());
      if (drop(method, request.url ?? '')) {
        matched.push(JSON.parse(body.toString('utf8')));
        if (matched.length === 1) {
          request.socket.destroy();
          return;
        }
      }
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (name !== 'content-encoding' && name !== 'transfer-encoding') out[name] = value;
      });
      response.writeHead(answer.status, out).end(text);
    })().catch(() => request.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    matched,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
