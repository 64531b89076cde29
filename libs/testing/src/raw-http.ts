import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  /** Lower-cased names; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
}

const HEAD_END = '\r\n\r\n';

/**
 * One HTTP/1.1 connection written byte by byte, for what `fetch` cannot do: slow or oversized
 * bodies, `Expect: 100-continue`, several requests on one keep-alive connection, malformed
 * requests. Responses are read in order, interim ones (`100 Continue`) included.
 */
export class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiter?: () => void;
  private ended = false;
  /** Settles when the server has closed the connection (or it broke). */
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiter?.();
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', () => {
        this.ended = true;
        this.waiter?.();
        resolve();
      });
    });
    socket.on('error', () => undefined);
  }

  static open(baseUrl: string): Promise<RawConnection> {
    const { hostname, port } = new URL(baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  get isClosed(): boolean {
    return this.ended;
  }

  /** Writes bytes; false when the connection is already gone. */
  write(data: string | Buffer): boolean {
    if (this.ended || this.socket.destroyed) return false;
    this.socket.write(data);
    return true;
  }

  close(): void {
    this.socket.destroy();
  }

  /** The next whole response; rejects when none arrives in time or the connection closes first. */
  async response(timeoutMs = 15_000): Promise<RawResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = this.takeResponse();
      if (parsed) return parsed;
      if (this.ended) throw new Error('the connection closed before a whole response');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no whole response within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = undefined;
    }
  }

  private takeResponse(): RawResponse | undefined {
    const headEnd = this.buffer.indexOf(HEAD_END);
    if (headEnd === -1) return undefined;
    const [statusLine, ...lines] = this.buffer
      .subarray(0, headEnd)
      .toString('latin1')
      .split('\r\n');
    const status = Number(statusLine.split(' ')[1]);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const bodyStart = headEnd + HEAD_END.length;
    const body =
      status < 200 ? { bytes: Buffer.alloc(0), end: bodyStart } : this.bodyOf(headers, bodyStart);
    if (!body) return undefined;
    this.buffer = this.buffer.subarray(body.end);
    return { status, headers, body: body.bytes.toString('utf8') };
  }

  /** The body from `start`, if it is all here, and where it ends. */
  private bodyOf(
    headers: Record<string, string>,
    start: number,
  ): { bytes: Buffer; end: number } | undefined {
    if (headers['transfer-encoding']?.toLowerCase() !== 'chunked') {
      const end = start + Number(headers['content-length'] ?? 0);
      return this.buffer.length < end
        ? undefined
        : { bytes: this.buffer.subarray(start, end), end };
    }
    const chunks: Buffer[] = [];
    for (let at = start; ;) {
      const lineEnd = this.buffer.indexOf('\r\n', at);
      if (lineEnd === -1) return undefined;
      const size = parseInt(this.buffer.subarray(at, lineEnd).toString('latin1'), 16);
      const next = lineEnd + 2 + size + 2;
      if (this.buffer.length < next) return undefined;
      if (size === 0) return { bytes: Buffer.concat(chunks), end: next };
      chunks.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = next;
    }
  }
}

/** The head of a request: request line, `Host` and the given headers, then the blank line. */
export function requestHead(
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: localhost'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}${HEAD_END}`;
}
