import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { QuotaRefusalsInterceptor } from './quota-refusals.interceptor';
import { UsageService } from './usage.service';

/**
 * The daily usage quota (spec §3, §9): where a request is counted, given back or refused (`UsageService`), and the
 * count of refusals on `/metrics`. Global: accounts (session answers, guest sessions) and the AI tools read and take
 * from the same quota.
 */
@Global()
@Module({
  providers: [UsageService, { provide: APP_INTERCEPTOR, useClass: QuotaRefusalsInterceptor }],
  exports: [UsageService],
})
export class UsageModule {}
