export { AccountsModule } from './accounts.module';
export { AccountStreams } from './shared/account-streams';
export { adminActor, userActor, guestActor, systemActor, actedBy } from './shared/actor';
export { GuestsService } from './guest-sessions/guests.service';
export { UsageService, type UsageHolder, type QuotaGrant } from './usage/usage.service';
export * from './auth';
