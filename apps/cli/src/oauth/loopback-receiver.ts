import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CliError, ExitCode } from '../exit-codes';

export const CALLBACK_PATH = '/callback';

/** The redirect target of RFC 8252 §7.3: an HTTP server on 127.0.0.1 for one authorization. */
export interface LoopbackReceiver {
  redirectUri: string;
  /** The code of the first redirect carrying `state`; redirects with another state are refused. */
  waitForCode(state: string, timeoutMs: number): Promise<string>;
  close(): void;
}

const page = (title: string, text: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body><h1>${title}</h1><p>${text}</p></body></html>`;

function reply(response: ServerResponse, status: number, title: string, text: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'",
    'cache-control': 'no-store',
    connection: 'close',
  });
  response.end(page(title, text));
}

/** Listens on 127.0.0.1 at `port` (0: any free one); rejects with EADDRINUSE when taken. */
export async function listenOnLoopback(port: number): Promise<LoopbackReceiver> {
  let onRedirect: ((query: URLSearchParams, response: ServerResponse) => void) | undefined;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== CALLBACK_PATH || !onRedirect)
      return reply(response, 404, 'Not found', 'This is cw login’s sign-in receiver.');
    onRedirect(url.searchParams, response);
  });
  // Each request does bounded work: a slow or idle connection is dropped.
  server.headersTimeout = 10_000;
  server.requestTimeout = 10_000;
  server.maxHeadersCount = 50;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: bound } = server.address() as AddressInfo;
  const close = (): void => {
    server.close();
    server.closeAllConnections();
  };
  return {
    redirectUri: `http://127.0.0.1:${bound}${CALLBACK_PATH}`,
    close,
    waitForCode: (state, timeoutMs) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          onRedirect = undefined;
          reject(
            new CliError(
              `no answer from the browser within ${Math.round(timeoutMs / 1000)} s; run \`cw login\` again`,
              ExitCode.failed,
              'LOGIN_TIMEOUT',
            ),
          );
        }, timeoutMs);
        onRedirect = (query, response) => {
          // A redirect without this login's state was not started by it (RFC 6749 §10.12).
          if (query.get('state') !== state)
            return reply(response, 400, 'Not this sign-in', 'The state does not match; ignored.');
          onRedirect = undefined;
          clearTimeout(timer);
          const code = query.get('code');
          const error = query.get('error');
          if (code && !error) {
            reply(response, 200, 'Signed in', 'cw is signed in. You can close this tab.');
            return resolve(code);
          }
          reply(response, 200, 'Not signed in', 'The sign-in was not approved; see the terminal.');
          const description = query.get('error_description') ?? '';
          reject(
            new CliError(
              `the sign-in was not approved: ${error ?? 'no code'}${description ? ` (${description})` : ''}`,
              error === 'access_denied' ? ExitCode.accessDenied : ExitCode.failed,
              error ?? 'NO_CODE',
            ),
          );
        };
      }),
  };
}
