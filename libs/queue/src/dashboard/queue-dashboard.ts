import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { IServerAdapter } from '@bull-board/api/typings/app';
import { AppError, DeadlineExceeded, ErrorCode, withinDeadline } from '@cw/platform';
import Fastify, {
  type FastifyReply,
  type FastifyRequest,
  type InjectOptions,
  type LightMyRequestResponse,
} from 'fastify';
import { QueueName } from '../queue-names';
import { QueueRegistry } from '../queue.registry';

/** Where the dashboard is served (the workflow-runner, and the gateway forwards it there). */
export const QUEUE_DASHBOARD_PATH = '/ops/queues';

const REQUEST_HEADERS = ['accept', 'content-type', 'if-none-match', 'if-modified-since'];
const RESPONSE_HEADERS = ['content-type', 'cache-control', 'etag', 'last-modified'];
/** How long a dashboard request may wait on Redis before it answers 503. */
const REDIS_DEADLINE_MS = 2000;
/**
 * Dashboard requests whose Redis commands are still unanswered (those past their deadline
 * included): past this many, the next is refused at once instead of adding to them.
 */
const MAX_UNANSWERED = 4;
const RETRY_AFTER_SECONDS = 5;

function redisUnavailable(why: string): AppError {
  return new AppError(
    ErrorCode.ServiceUnavailable,
    `The queue dashboard cannot reach Redis (${why}); try again shortly.`,
    { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } },
  );
}

function picked(
  headers: Record<string, string | string[] | number | undefined>,
  names: readonly string[],
): Record<string, string> {
  return Object.fromEntries(
    names
      .filter((name) => headers[name] !== undefined)
      .map((name) => [name, String(headers[name])]),
  );
}

function messageOf(response: LightMyRequestResponse): string {
  try {
    const body = response.json<{ error?: unknown; message?: unknown }>();
    const message = body.message ?? body.error;
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: the status says enough
  }
  return `The queue dashboard refused the request (${response.statusCode}).`;
}

/**
 * bull-board on every queue of the deployment, mounted on a Fastify instance of its own that
 * never listens: the app's route (`QueueDashboardController`) hands it each request once the
 * guard admitted it, so the route policy, not code of bull-board's, decides who gets in.
 */
@Injectable()
export class QueueDashboard implements OnModuleInit, OnModuleDestroy {
  private readonly board = Fastify();
  private unanswered = 0;

  constructor(private readonly queues: QueueRegistry) {}

  async onModuleInit(): Promise<void> {
    // Loaded here, not with @cw/queue: only the process that composes the dashboard pays for it.
    const [{ createBullBoard }, { BullMQAdapter }, { FastifyAdapter }] = await Promise.all([
      import('@bull-board/api'),
      import('@bull-board/api/bullMQAdapter'),
      import('@bull-board/fastify'),
    ]);
    const serverAdapter = new FastifyAdapter();
    serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
    createBullBoard({
      queues: Object.values(QueueName).map((name) => new BullMQAdapter(this.queues.queue(name))),
      // @bull-board/fastify pins its own @bull-board/api (9.10.1; ours is 9.10.2): the same
      // shapes, which TypeScript tells apart by their private members.
      serverAdapter: serverAdapter as unknown as IServerAdapter,
    });
    await this.board.register(serverAdapter.registerPlugin(), { prefix: QUEUE_DASHBOARD_PATH });
    await this.board.ready();
  }

  async onModuleDestroy(): Promise<void> {
    await this.board.close();
  }

  /** Answers an admitted request; a refusal of bull-board's becomes the envelope like any other. */
  async answer(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const response = await this.withinRedisDeadline(() =>
      this.board.inject({
        method: request.method as InjectOptions['method'],
        url: request.url,
        headers: picked(request.headers, REQUEST_HEADERS),
        payload: request.body === undefined ? undefined : JSON.stringify(request.body),
      }),
    );
    if (response.statusCode === 404) throw AppError.notFound(messageOf(response));
    if (response.statusCode >= 500) {
      throw new Error(`queue dashboard failed (${response.statusCode}): ${response.body}`);
    }
    if (response.statusCode >= 400) {
      throw AppError.badRequest(messageOf(response));
    }
    await reply
      .status(response.statusCode)
      .headers(picked(response.headers, RESPONSE_HEADERS))
      .send(response.rawPayload);
  }

  /**
   * bull-board's commands go over the shared connection, which holds them while Redis is away:
   * refuse at once when it is not connected, and answer 503 when Redis does not answer in time.
   */
  private async withinRedisDeadline(
    work: () => Promise<LightMyRequestResponse>,
  ): Promise<LightMyRequestResponse> {
    const { status } = this.queues.redis;
    if (status !== 'ready') throw redisUnavailable(`connection ${status}`);
    if (this.unanswered >= MAX_UNANSWERED) throw redisUnavailable('earlier requests unanswered');
    this.unanswered += 1;
    const answered = work().finally(() => {
      this.unanswered -= 1;
    });
    try {
      return await withinDeadline(answered, REDIS_DEADLINE_MS);
    } catch (error) {
      if (error instanceof DeadlineExceeded) {
        throw redisUnavailable(`no answer within ${REDIS_DEADLINE_MS} ms`);
      }
      throw error;
    }
  }
}
