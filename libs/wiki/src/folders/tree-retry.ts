import { AppError, ErrorCode } from '@cw/platform';
import { QueryFailedError } from 'typeorm';

/** Thrown inside a transaction when the folder tree changed under it: roll back and retry. */
export class FolderTreeChanged extends Error {
  constructor() {
    super('the folder tree changed meanwhile');
  }
}

function isRetryable(error: unknown): boolean {
  if (error instanceof FolderTreeChanged) return true;
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: string }).code;
  // serialization_failure (a folder deleted or moved meanwhile, see the path triggers), deadlock.
  return code === '40001' || code === '40P01';
}

/**
 * Runs `work` (one whole transaction) again when a concurrent move or delete changed the folders
 * it relied on; after three tries the caller gets 409 CONCURRENT_CHANGE and may retry.
 */
export async function retryOnTreeChange<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isRetryable(error)) throw error;
      if (attempt >= 3) {
        throw AppError.conflict(
          ErrorCode.ConcurrentChange,
          'The folders changed while this request ran (a concurrent move or delete); retry.',
        );
      }
    }
  }
}
