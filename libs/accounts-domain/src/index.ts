export * from './account';
export * from './session';
export * from './invite';
export * from './email-claim';
export * from './personal-data';
export * from './api-key';
export * from './caller';
export { isCommonPassword } from './common-passwords';

// Policies shared with the web app and admin console live in @inkprint/contracts.
export {
  acceptedContinueUrl,
  meetsPasswordPolicy,
  normaliseEmail,
  passwordCategories,
  passwordStrength,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_POLICY_MESSAGE,
  PASSWORD_RECOMMENDED_LENGTH,
  ACCOUNT_STATUSES,
  OPERATOR_ACTOR_ID,
  ROLES,
  type AccountStatus,
  type PasswordStrength,
  type Role,
} from '@inkprint/contracts';
