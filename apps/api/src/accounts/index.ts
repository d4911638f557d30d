export { AccountsModule } from './accounts.module';
export { AccountStreams } from './shared/account-streams';
export { adminActor, userActor, guestActor, systemActor, actedBy } from './shared/actor';
export { GuestsService } from './guest-sessions/guests.service';
// The daily quota lives in `../usage`; this re-export only serves `ai/batches` until it imports from there.
export { UsageService } from '../usage';
export * from './auth';
export { AiCallerGuard } from './api-keys/ai-caller.guard';
export { ApiKeyScopes } from './api-keys/api-key-callers';
export { ApiKeys } from './api-keys/api-keys';
