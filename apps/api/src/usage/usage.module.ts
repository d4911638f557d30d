import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { QuotaRefusalsInterceptor } from './quota-refusals.interceptor';
import { DailyQuota } from './daily-quota';
import { UsageService } from './usage.service';

/**
 * The daily usage quota (spec §3, §9): where a request is counted, given back or refused (`DailyQuota` in
 * daily-quota.ts; `UsageService` is the same provider with the usage answers), and the count of refusals on `/metrics`. Global: accounts (session answers, guest sessions) and the AI tools read and take
 * from the same quota.
 */
@Global()
@Module({
  providers: [
    UsageService,
    // One instance, so the quota streams' in-memory state is shared by who takes from the quota and who reads it.
    { provide: DailyQuota, useExisting: UsageService },
    { provide: APP_INTERCEPTOR, useClass: QuotaRefusalsInterceptor },
  ],
  exports: [UsageService, DailyQuota],
})
export class UsageModule {}
