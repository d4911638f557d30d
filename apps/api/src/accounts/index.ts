export { AccountsModule } from './accounts.module';
export { AccountStreams } from './shared/account-streams';
export { adminActor, userActor, guestActor, systemActor, actedBy } from './shared/actor';
export { GuestsService } from './guest-sessions/guests.service';
export * from './auth';
export { AiCallerGuard } from './api-keys/ai-caller.guard';
export { ApiKeyScopes } from './api-keys/api-key-callers';
export { ApiKeys } from './api-keys/api-keys';
