import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request as the receiver got it: headers (lower-case names) and the exact body bytes. */
export interface ReceivedRequest {
  headers: Record<string, string>;
  body: Buffer;
  receivedAt: number;
}

/**
 * How the receiver answers a request: a status, a status after a delay, a redirect, a
 * connection reset, or no answer at all.
 */
export type ReceiverAnswer =
  | number
  | { status: number; delayMs?: number; headers?: Record<string, string> }
  | 'reset'
  | 'hang';

export interface HookReceiver {
  /** `http://127.0.0.1:<port>/hooks` (loopback: needs HOOKS_ALLOW_LOOPBACK_FOR_TESTS). */
  readonly url: string;
  readonly port: number;
  /** Every request, in arrival order (retries and duplicates included). */
  readonly received: ReceivedRequest[];
  /** The distinct `X-Service-Delivery` ids answered 2xx so far (a de-duplicating receiver). */
  readonly accepted: Set<string>;
  /** Sets how later requests are answered (default: 200). */
  answerWith(answer: (request: ReceivedRequest, index: number) => ReceiverAnswer): void;
  /** Waits until `done` holds, checking every 25 ms, or fails after `timeoutMs`. */
  waitFor(done: (receiver: HookReceiver) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function headersOf(request: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ]),
  );
}

/** A local receiver of report hooks for tests, answering as each test tells it to. */
export async function startHookReceiver(): Promise<HookReceiver> {
  let answer: (request: ReceivedRequest, index: number) => ReceiverAnswer = () => 200;
  const received: ReceivedRequest[] = [];
  const accepted = new Set<string>();
  const sockets = new Set<Socket>();

  const respond = (response: ServerResponse, reply: ReceiverAnswer, request: ReceivedRequest) => {
    if (reply === 'hang') return;
    if (reply === 'reset') {
      response.socket?.destroy();
      return;
    }
    const {
      status,
      delayMs = 0,
      headers = {},
    } = typeof reply === 'number' ? { status: reply } : reply;
    setTimeout(() => {
      if (status >= 200 && status < 300) accepted.add(request.headers['x-service-delivery']);
      response.writeHead(status, headers).end();
    }, delayMs);
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got: ReceivedRequest = {
        headers: headersOf(request),
        body: Buffer.concat(chunks),
        receivedAt: Date.now(),
      };
      received.push(got);
      respond(response, answer(got, received.length - 1), got);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const receiver: HookReceiver = {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    accepted,
    answerWith: (next) => {
      answer = next;
    },
    waitFor: async (done, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!done(receiver)) {
        if (Date.now() > deadline) {
          throw new Error(
            `the hook receiver waited ${timeoutMs} ms: ${received.length} request(s), ${accepted.size} accepted`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}
