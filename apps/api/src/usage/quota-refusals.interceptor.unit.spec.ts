import { DomainError } from '@inkprint/domain-kernel';
import { lastValueFrom, of, throwError } from 'rxjs';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { ApiMetrics } from '../observability';
import { QuotaRefusalsInterceptor } from './quota-refusals.interceptor';

const context = {} as ExecutionContext;
const failing = (error: unknown): CallHandler => ({ handle: () => throwError(() => error) });

describe('QuotaRefusalsInterceptor', () => {
  it('counts DAILY_LIMIT_REACHED by feature and rethrows the same error', async () => {
    const metrics = new ApiMetrics({ defaultMetrics: false });
    const interceptor = new QuotaRefusalsInterceptor(metrics);
    const refusal = new DomainError('DAILY_LIMIT_REACHED', 'limit', 429, { feature: 'detector' });

    await expect(lastValueFrom(interceptor.intercept(context, failing(refusal)))).rejects.toBe(refusal);
    await expect(
      lastValueFrom(interceptor.intercept(context, failing(new DomainError('OTHER', 'x', 400)))),
    ).rejects.toBeInstanceOf(DomainError);
    await expect(lastValueFrom(interceptor.intercept(context, { handle: () => of('ok') }))).resolves.toBe('ok');

    const text = (await metrics.text()).body;
    expect(text).toContain('inkprint_quota_refusals_total{feature="detector"} 1');
    expect(text).not.toContain('feature="unknown"');
  });
});
