import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { catchError, throwError, type Observable } from 'rxjs';
import { ApiMetrics } from '../observability';

/** Counts DAILY_LIMIT_REACHED refusals (a DomainError, duck-typed by its code) on their way to the error filter. */
@Injectable()
export class QuotaRefusalsInterceptor implements NestInterceptor {
  constructor(private readonly metrics: ApiMetrics) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        const e = error as { code?: unknown; details?: { feature?: unknown } } | null;
        if (e?.code === 'DAILY_LIMIT_REACHED') {
          const feature = typeof e.details?.feature === 'string' ? e.details.feature : 'unknown';
          this.metrics.quotaRefusals.inc({ feature });
        }
        return throwError(() => error);
      }),
    );
  }
}
