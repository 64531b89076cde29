import pino, { type LoggerOptions } from 'pino';
import { redactSecrets } from './url-for-log';

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
}

function redactedStrings<T extends Record<string, unknown>>(fields: T): T {
  const copy: Record<string, unknown> = { ...fields };
  for (const [name, value] of Object.entries(copy)) {
    if (typeof value === 'string') copy[name] = redactSecrets(value);
  }
  return copy as T;
}

/**
 * Keeps secrets out of every log line a process writes, whoever writes it: the messages and
 * arguments of every call (Nest's lines too), the top-level fields, a request serialized by
 * Fastify (whose own serializer logs the raw URL) and an error's message and stack (a 404's
 * message quotes the URL; an upstream failure may too).
 */
export const secretRedactingLogOptions: Pick<
  LoggerOptions,
  'serializers' | 'hooks' | 'formatters'
> = {
  serializers: {
    req: (request: LoggedRequest) => ({
      method: request.method,
      url: request.url === undefined ? undefined : redactSecrets(request.url),
      remoteAddress: request.ip,
    }),
    err: (error: Error) => redactedStrings(pino.stdSerializers.err(error)),
  },
  hooks: {
    logMethod(args, method) {
      const redacted = args.map((arg: unknown) =>
        typeof arg === 'string' ? redactSecrets(arg) : arg,
      ) as Parameters<typeof method>;
      method.apply(this, redacted);
    },
  },
  formatters: {
    log: (fields) => redactedStrings(fields),
  },
};
