export { UsageModule } from './usage.module';
export { UsageService, type UsageHolder, type QuotaGrant } from './usage.service';
