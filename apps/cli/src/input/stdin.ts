import { CliError, ExitCode } from '../exit-codes';

/** The most `cw` reads from stdin or a file: a page body or a key, never unbounded. */
export const MAX_INPUT_BYTES = 5 * 1024 * 1024;

export async function readStream(
  stream: NodeJS.ReadableStream,
  what: string,
  maxBytes = MAX_INPUT_BYTES,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > maxBytes)
      throw new CliError(`${what} is larger than ${maxBytes} bytes`, ExitCode.usage, 'USAGE');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export const stdinIsTerminal = (): boolean => process.stdin.isTTY === true;
