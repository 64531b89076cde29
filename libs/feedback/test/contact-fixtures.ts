import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { call, type HttpResult } from '@cw/testing';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The SMTP envelope: who the client said the mail is from and to. */
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
}

/** A real SMTP server on a free loopback port, auth optional, keeping what it received. */
export class LocalMailServer {
  readonly received: ReceivedMail[] = [];
  /** While set, every recipient is refused with 550, so no mail can be sent. */
  refuseRecipients = false;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (_address, _session, callback) => {
      if (!this.refuseRecipients) return callback();
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          const { mailFrom, rcptTo } = session.envelope;
          this.received.push({
            envelope: {
              from: mailFrom ? mailFrom.address : '',
              to: rcptTo.map((recipient) => recipient.address),
            },
            parsed,
          });
          callback();
        })
        .catch(callback);
    },
  });

  static async start(): Promise<LocalMailServer> {
    const mail = new LocalMailServer();
    await new Promise<void>((resolve) => mail.server.listen(0, '127.0.0.1', resolve));
    return mail;
  }

  get url(): string {
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(resolve));
  }
}

/** Accepts connections and never says a word: a mail server that hangs before its greeting. */
export async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A loopback port nobody listens on (it was free a moment ago). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `smtp://127.0.0.1:${port}`;
}

export interface ContactForm {
  name?: unknown;
  email?: unknown;
  message?: unknown;
  company?: unknown;
  [field: string]: unknown;
}

export const SAMPLE_FORM = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'We would like a demo for a team of 40.',
  company: 'Analytical Engines',
};

/**
 * Submits the form as the client `clientIp` (the test app believes X-Forwarded-For from its
 * loopback peer, the way a service believes the gateway).
 */
export function submitContact(
  baseUrl: string,
  clientIp: string,
  form: ContactForm,
): Promise<HttpResult<Record<string, unknown>>> {
  return call(baseUrl, 'POST', '/api/contact', {
    body: form,
    headers: { 'x-forwarded-for': clientIp },
  });
}

/**
 * Waits, when needed, until at least `seconds` are left in the current rate-limit minute, so
 * that a test's requests all fall in one window however slowly the machine runs.
 */
export async function startOfFreshWindow(seconds = 15): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
