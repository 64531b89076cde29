import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const MODEL = 'bench-slow';

/**
 * An OpenAI-compatible chat-completions server on loopback that answers a prompt `wait <ms>`
 * after that many milliseconds (any other prompt at once), and points the services the bench
 * starts at it (MODEL_PROVIDER_URL, MODEL_NAME). It stays up for the bench process's life.
 */
export async function startSlowModelProvider(): Promise<Server> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        messages: { content: string }[];
      };
      const prompt = body.messages.at(-1)?.content ?? '';
      const delay = Number(/^wait (\d+)$/.exec(prompt)?.[1] ?? 0);
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'cmpl-bench',
            object: 'chat.completion',
            created: 0,
            model: MODEL,
            choices: [
              { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'ok' } },
            ],
          }),
        );
      }, delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  process.env.MODEL_PROVIDER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  process.env.MODEL_NAME = MODEL;
  return server;
}
