import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCompletion {
  model: string;
  messages: { role: string; content: unknown; tool_call_id?: string }[];
  tools: { function: { name: string; parameters: unknown } }[];
  tool_choice: unknown;
  authorization: string | undefined;
}

/** What the fake answers next: a tool call, plain text, or an HTTP error. */
export type ScriptedAnswer =
  { tool: string; arguments: unknown } | { text: string } | { status: number; error: string };

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local OpenAI-compatible chat-completions server for tests: it records every request and
 * answers from a script, one answer per request (the last one repeats).
 */
export class FakeModelProvider {
  readonly requests: RecordedCompletion[] = [];
  private server?: Server;
  private script: ScriptedAnswer[] = [];

  answer(...answers: ScriptedAnswer[]): this {
    this.script = answers;
    this.requests.length = 0;
    return this;
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void bodyOf(request).then((text) => {
        if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
          response.writeHead(404).end();
          return;
        }
        const body = JSON.parse(text) as Omit<RecordedCompletion, 'authorization'>;
        this.requests.push({ ...body, authorization: request.headers.authorization });
        const next = this.script.length > 1 ? this.script.shift()! : this.script[0];
        if (!next || 'status' in next) {
          response
            .writeHead(next?.status ?? 500, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { message: next?.error ?? 'no answer scripted' } }));
          return;
        }
        const message =
          'tool' in next
            ? {
                role: 'assistant',
                content: null,
                tool_calls: [
                  {
                    id: `call_${this.requests.length}`,
                    type: 'function',
                    function: { name: next.tool, arguments: JSON.stringify(next.arguments) },
                  },
                ],
              }
            : { role: 'assistant', content: next.text };
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: `chatcmpl-${this.requests.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            choices: [{ index: 0, message, finish_reason: 'tool' in next ? 'tool_calls' : 'stop' }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
