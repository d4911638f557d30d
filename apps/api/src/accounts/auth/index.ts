export { AuthGuard, OptionalAuthGuard, RolesGuard, Roles, MfaExempt, authRequired } from './auth.guard';
export { CurrentAccount, CurrentAccountOptional, type SignedInAccount } from './current-account';
export { Caller, callerOf, guestIdOf, GuestId, type CallerCredentials } from './caller';
