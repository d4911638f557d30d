export { AccountsModule } from './accounts.module';
export { AccountsService } from './accounts.service';
export { GuestsService } from './guests.service';
export { UsageService, type UsageHolder, type QuotaGrant } from './usage.service';
export * from './auth';
