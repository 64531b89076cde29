import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PlatformConfig } from '../config/platform.config';
import { ErrorCode, HTTP_STATUS_OF } from '../errors/error-code';
import { errorEnvelope } from '../errors/error-envelope';
import { requestIdOf } from '../http/request-id';
import { MetricsConfig } from './metrics.config';
import { MetricsRegistry } from './metrics.registry';

export const METRICS_PATH = '/metrics';

/**
 * The internal listener on `METRICS_PORT`: `GET /metrics` in Prometheus' text format, nothing
 * else. A port of its own keeps it off the public edge (the Ingress and the gateway reach only
 * the service port) and off the request path of the API.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MetricsServer.name);
  private server?: Server;

  constructor(
    private readonly metrics: MetricsRegistry,
    private readonly config: MetricsConfig,
    private readonly platform: PlatformConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.METRICS_PORT;
    if (port === undefined) return;
    const server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.platform.HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.logger.log(`metrics listening on ${this.platform.HOST}:${this.port}${METRICS_PATH}`);
  }

  /** The bound port (`METRICS_PORT=0` takes a free one); undefined without a listener. */
  get port(): number | undefined {
    const address = this.server?.address();
    return typeof address === 'object' && address ? address.port : undefined;
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestId = requestIdOf(request);
    response.setHeader('X-Request-Id', requestId);
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH) {
      return refuse(
        response,
        requestId,
        ErrorCode.NotFound,
        `Only ${METRICS_PATH} is served here.`,
      );
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return refuse(response, requestId, ErrorCode.MethodNotAllowed, 'Use GET.');
    }
    try {
      const body = await this.metrics.render();
      response.writeHead(200, { 'Content-Type': this.metrics.contentType });
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch (error) {
      this.logger.error(`metrics could not be rendered: ${(error as Error).message}`);
      refuse(response, requestId, ErrorCode.InternalError, 'The metrics could not be rendered.');
    }
  }
}

function refuse(
  response: ServerResponse,
  requestId: string,
  code: ErrorCode,
  message: string,
): void {
  response.writeHead(HTTP_STATUS_OF[code], { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(errorEnvelope(code, message, requestId)));
}
