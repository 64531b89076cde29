import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { finalize, from, mergeMap, type Observable } from 'rxjs';
import { SyncConcurrencyLimiter } from './sync-concurrency.limiter';

/** Runs each sync handler inside a slot of the limiter; the slot is freed however it ends. */
@Injectable()
export class SyncConcurrencyInterceptor implements NestInterceptor {
  constructor(private readonly limiter: SyncConcurrencyLimiter) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.limiter.acquire()).pipe(
      mergeMap((release) => next.handle().pipe(finalize(release))),
    );
  }
}
