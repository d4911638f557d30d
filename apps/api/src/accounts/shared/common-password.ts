import { isCommonPassword, PASSWORD_POLICY_MESSAGE } from '@inkprint/accounts-domain';
import { RequestValidationError } from '../../http/api-error';

/**
 * A new password on the list of common passwords is refused like one that breaks the policy (issue 39 item 7):
 * `400 VALIDATION_ERROR`, `details.fields.password` = the spec's policy message, before anything is written.
 */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new RequestValidationError({ password: [PASSWORD_POLICY_MESSAGE] });
}
