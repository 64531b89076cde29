export { createApiClient, unwrap, type ApiClient, type ApiClientOptions } from './api-client';
export { ApiError, type ErrorEnvelope } from './api-error';
export {
  DEFAULT_RETRY,
  describeNetworkError,
  isRetryable,
  retryDelayMs,
  withRetries,
  type RetryPolicy,
} from './retry';
export type { components, operations, paths } from './generated/openapi';
