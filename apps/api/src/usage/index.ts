export { UsageModule } from './usage.module';
export { DailyQuota, type UsageHolder, type QuotaGrant } from './daily-quota';
export { UsageService } from './usage.service';
