export { AuthGuard, OptionalAuthGuard, RolesGuard, Roles, authRequired } from './auth.guard';
export { CurrentAccount, CurrentAccountOptional, type SignedInAccount } from './current-account';
